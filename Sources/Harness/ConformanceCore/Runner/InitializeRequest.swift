import AdapterProtocol

extension TenantHandle {
    /// The `initialize` params for an integration running against this tenant: the one place that says what
    /// the runner tells an integration at the start (cases and `adapter-check` alike).
    public func initializeParams(bundleId: String, settings: AppSettings, dataDirectory: String?) -> InitializeParams {
        InitializeParams(
            dataDir: dataDirectory,
            app: AppDescription(bundleId: bundleId, settings: settings),
            backend: endpoints,
            clock: clock)
    }
}
extension IntegrationInfo {
    /// What an `initialize` answer says about the integration.
    public init(_ answer: InitializeResult) {
        self.init(
            name: answer.implementation.name, version: answer.implementation.version,
            sdkName: answer.sdk.name, sdkVersion: answer.sdk.version,
            capabilities: Set(answer.capabilities), protocolVersion: answer.protocolVersion)
    }
}
