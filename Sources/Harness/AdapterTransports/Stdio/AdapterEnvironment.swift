import Foundation

/// The environment a stdio adapter starts with.
///
/// The integration under test gets what the protocol hands it, not mamconf's environment: that holds the Graph
/// client secret, the mock's admin token, the network token and whatever else a CI pipeline exports. So an adapter
/// process inherits only the ordinary variables a program needs to run (``ordinaryNames`` and the locale's `LC_*`),
/// the ones its user names with `--adapter-env NAME`, and `MAMCONF_DATA_DIR`, which the runner sets for each case.
/// mamconf's own variables (`MAMCONF_*`) cannot be named: they are its settings and credentials.
public struct AdapterEnvironment: Sendable, Hashable {
    /// Ordinary process variables every adapter inherits when mamconf has them: where programs, home, temporary
    /// files and shared libraries are, who runs it, the locale, the time zone, the terminal, the TLS trust store.
    /// No proxy (its URL may carry a password): pass it with `--adapter-env` when the integration needs one.
    public static let ordinaryNames: [String] = [
        "PATH", "HOME", "USER", "LOGNAME", "SHELL", "TERM", "TMPDIR", "LANG", "LANGUAGE", "TZ",
        "LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH", "SSL_CERT_FILE", "SSL_CERT_DIR",
    ]
    /// The locale's categories (`LC_ALL`, `LC_TIME`, …) are inherited too.
    public static let localePrefix = "LC_"
    /// The runner's own variables, which `--adapter-env` cannot name.
    public static let reservedPrefix = "MAMCONF_"
    /// The per-case data directory the runner hands every adapter (also sent in `initialize`).
    public static let dataDirectoryVariable = "MAMCONF_DATA_DIR"

    /// Why a name cannot be passed.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        case malformed(String)
        case reserved(String)

        public var description: String {
            switch self {
            case .malformed(let name):
                return "--adapter-env \(name.isEmpty ? "''" : name) is not an environment variable name (letters, digits and _, not starting with a digit)"
            case .reserved(let name):
                return "--adapter-env \(name): \(name) is mamconf's own (its settings and credentials never reach the integration; the runner sets \(AdapterEnvironment.dataDirectoryVariable) itself)"
            }
        }
    }

    /// The names given with `--adapter-env`, in order.
    public let passed: [String]

    /// The ordinary variables only.
    public init() {
        passed = []
    }

    /// The ordinary variables and `names`, as given with `--adapter-env`.
    public init(passing names: [String]) throws(Problem) {
        for name in names {
            guard Self.isName(name) else { throw .malformed(name) }
            guard !name.hasPrefix(Self.reservedPrefix) else { throw .reserved(name) }
        }
        passed = names
    }

    /// Whether every adapter inherits `name` without being asked.
    public static func isOrdinary(_ name: String) -> Bool {
        ordinaryNames.contains(name) || name.hasPrefix(localePrefix)
    }

    /// The variables an adapter starts with, taken from `parent` (mamconf's environment): the ordinary ones and
    /// the ones passed, as far as `parent` has them. The runner adds the data directory per case.
    public func variables(from parent: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        parent.filter { name, _ in Self.isOrdinary(name) || passed.contains(name) }
    }

    /// POSIX's portable names: letters, digits and underscore, not starting with a digit.
    private static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }
}
