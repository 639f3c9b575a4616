import AdapterProtocol

/// Typed access to request parameters for handlers: a missing or mistyped parameter becomes the protocol's
/// `-32602` bad-params error naming the parameter, so every bridge reports the same way.
extension JSONValue {
    /// The string parameter `key`, or `-32602`.
    public func requiredString(_ key: String) throws(RPCError) -> String {
        guard let value = self[key]?.stringValue else { throw Self.badParam(key, "a string") }
        return value
    }

    /// The string parameter `key`, nil when it is missing or null, or `-32602` for any other type.
    public func optionalString(_ key: String) throws(RPCError) -> String? {
        guard let value = self[key], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw Self.badParam(key, "a string or null") }
        return text
    }

    /// The boolean parameter `key`, or `-32602`.
    public func requiredBool(_ key: String) throws(RPCError) -> Bool {
        guard let value = self[key]?.boolValue else { throw Self.badParam(key, "a boolean") }
        return value
    }

    /// The numeric parameter `key`, or `-32602`.
    public func requiredNumber(_ key: String) throws(RPCError) -> Double {
        guard let value = self[key]?.doubleValue else { throw Self.badParam(key, "a number") }
        return value
    }

    private static func badParam(_ key: String, _ kind: String) -> RPCError {
        RPCError(.invalidParams, "parameter \"\(key)\" must be \(kind)")
    }
}
