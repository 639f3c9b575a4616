import AdapterProtocol

extension IntegrationInfo {
    /// Whether the integration speaks a protocol older than `method`. Its protocol told it to answer `-32601`
    /// (unknown method) to whatever it does not know, so that answer to such a method means the feature area is
    /// not offered, never that the integration broke. An unknown (newer) version predates nothing.
    public func predates(_ method: RunnerMethod) -> Bool {
        guard let version = ProtocolVersion(rawValue: protocolVersion) else { return false }
        return !version.has(method)
    }
}
