/// A test host's network address, as given to `--adapter tcp://HOST:PORT`.
public struct AdapterAddress: Sendable, Hashable, CustomStringConvertible {
    public static let scheme = "tcp://"

    public var host: String
    public var port: UInt16

    /// Why an address cannot be used.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        case malformed(String)

        public var description: String {
            switch self {
            case .malformed(let text):
                return "adapter address \(text) is not tcp://HOST:PORT (e.g. tcp://127.0.0.1:8765, tcp://[::1]:8765)"
            }
        }
    }

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Whether `text` names a network adapter rather than a command line.
    public static func isAddress(_ text: String) -> Bool {
        text.lowercased().hasPrefix(scheme)
    }

    /// Parses `tcp://HOST:PORT`; an IPv6 host is written in brackets.
    public init(parsing text: String) throws(Problem) {
        guard Self.isAddress(text) else { throw .malformed(text) }
        var rest = Substring(text.dropFirst(Self.scheme.count))
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        let host: Substring
        let portText: Substring
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]"), rest[rest.index(after: close)...].hasPrefix(":") else { throw .malformed(text) }
            host = rest[rest.index(after: rest.startIndex)..<close]
            portText = rest[rest.index(close, offsetBy: 2)...]
        } else {
            guard let colon = rest.lastIndex(of: ":") else { throw .malformed(text) }
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        }
        guard !host.isEmpty, !host.contains("/"), let port = UInt16(portText), port > 0 else { throw .malformed(text) }
        self.host = String(host)
        self.port = port
    }

    /// `HOST:PORT`, with an IPv6 host in brackets.
    public var hostAndPort: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    public var description: String { Self.scheme + hostAndPort }
}
