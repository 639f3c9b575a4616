extension JSONValue {
    /// This value decoded as a message type, or the protocol's `-32602` naming the member at fault: what a
    /// bridge answers when the runner's params do not fit.
    public func params<T: Decodable>(_ type: T.Type) throws(RPCError) -> T {
        do { return try decode(as: type) } catch {
            throw RPCError(.invalidParams, error.description)
        }
    }
}

extension RPCError {
    /// `-32002`: the integration does not offer this feature area (the runner skips the case).
    public static func unsupported(_ capability: Capability, _ detail: String = "") -> RPCError {
        RPCError(.unsupported, "capability \(capability.rawValue) is not supported" + (detail.isEmpty ? "" : ": \(detail)"))
    }
}
