import AdapterProtocol

/// What a probe may use: the case's session (after the runner's `initialize`, and `reset` on a test host), what
/// the integration said it is, and the step's deadline.
public struct ProbeContext: Sendable {
    /// The integration of this case; a probe sends its requests here.
    public let session: any SDKAdapterSession
    /// The integration's answer to `initialize`.
    public let integration: IntegrationInfo
    /// Seconds each request or wait of the probe may take (the step deadline, `--deadline-scale` applied).
    public let timeout: Duration
    /// How cases are kept apart: a long-lived test host (`resetBetweenCases`) owes what a fresh process need not.
    public let isolation: AdapterIsolation

    public init(session: any SDKAdapterSession, integration: IntegrationInfo, timeout: Duration, isolation: AdapterIsolation) {
        self.session = session
        self.integration = integration
        self.timeout = timeout
        self.isolation = isolation
    }
}
