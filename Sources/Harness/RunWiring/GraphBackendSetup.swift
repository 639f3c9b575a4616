import Backends
import ConformanceCore

/// What a run against a real tenant needs, once the command line has read it: the credentials (never from the
/// command line), the accounts the suites' aliases stand for, where Graph and the login host are, and how long the
/// tenant may take to show what the SDK caused.
public struct GraphBackendSetup: Sendable {
    public var credentials: GraphCredentials
    public var profile: TenantProfile
    public var graphURL: String
    public var loginURL: String
    public var observation: ObservationBudget
    /// Told about each object the run could not remove (a line for the user, not yet redacted).
    public var onLeftover: @Sendable (String) -> Void

    public init(credentials: GraphCredentials, profile: TenantProfile, graphURL: String, loginURL: String,
                observation: ObservationBudget, onLeftover: @escaping @Sendable (String) -> Void = { _ in }) {
        self.credentials = credentials
        self.profile = profile
        self.graphURL = graphURL
        self.loginURL = loginURL
        self.observation = observation
        self.onLeftover = onLeftover
    }

    /// The driver for one run. The credentials' secrets and the accounts' passwords go into the run's redactor
    /// first, so nothing the driver logs or reports can show them.
    func driver(redactor: Redactor) -> GraphBackend {
        redactor.add(credentials.secrets)
        for account in profile.accounts.values where !account.password.isEmpty { redactor.add(account.password) }
        let client = GraphAdminClient(graphURL: graphURL, loginURL: loginURL, credentials: credentials, redactor: redactor)
        return GraphBackend(graph: client, profile: profile, tenantId: credentials.tenantId, graphURL: graphURL, loginURL: loginURL,
                            tag: .random(), observation: observation, onLeftover: onLeftover)
    }
}
