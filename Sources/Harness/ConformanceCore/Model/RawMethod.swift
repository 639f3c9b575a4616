import AdapterProtocol

/// The method a raw-message step names. A method the protocol defines stays typed (so no wire name is spelled
/// outside `AdapterProtocol`, and the case needs its feature area like any action); a name the protocol does
/// not define is exactly what a probe for `-32601` must send, so only that one is free text.
public enum RawMethod: Sendable, Hashable, CustomStringConvertible {
    /// A method of the protocol, sent with params its type need not accept.
    case defined(RunnerMethod)
    /// A name the protocol does not define.
    case undefined(String)

    /// The name as it goes over the wire.
    public var name: String {
        switch self {
        case .defined(let method): return method.rawValue
        case .undefined(let name): return name
        }
    }

    /// The protocol's method, when it is one (its feature area, the protocol version that brought it).
    public var method: RunnerMethod? {
        if case .defined(let method) = self { return method }
        return nil
    }

    public var description: String { name }
}
