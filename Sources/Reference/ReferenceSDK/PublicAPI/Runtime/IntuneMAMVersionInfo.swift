import Locking

/// The SDK version the simulation models (`IntuneMAMVersionInfo.sdkVersion` in the real SDK).
///
/// 21.7.1 unless the process chose another (`mamconf-reference --sdk-version`), once, before any runtime exists: the
/// simulation then behaves as that version where the guides say behaviour changed (``SDKEdition``).
public enum IntuneMAMVersionInfo {
    /// The newest version the simulation knows, and the default.
    public static let newest = "21.7.1"

    private static let simulated = Locked(newest)

    /// Dotted numeric version string, sent to the MAM service as `sdkVersion` unless the configuration
    /// overrides it.
    public static var sdkVersion: String { simulated.read { $0 } }

    /// Makes this process's SDK the given version (dotted numbers, e.g. `15.4` or `18.2.0`).
    public static func simulate(version: String) {
        simulated.withLock { $0 = version }
    }
}
