import AdapterProtocol

/// A real tenant as a tenant file describes it: the existing accounts the suites' aliases stand for, and what
/// the integration is told about the tenant's endpoints. mamconf never creates users in a real directory.
public struct TenantProfile: Sendable {
    /// Accounts by alias (`alice`, `bob`…), with their real UPNs and object ids.
    public var accounts: [String: UserFixture]
    /// The app's Entra registration (its client id) and where the integration signs in and finds the MAM
    /// service; nil members are filled from the tenant id and Graph defaults.
    public var integration: IntegrationSettings
    /// The file it came from, for messages.
    public var path: String

    public init(accounts: [String: UserFixture], integration: IntegrationSettings, path: String) {
        self.accounts = accounts
        self.integration = integration
        self.path = path
    }

    /// What the integration is told at `initialize` on a real tenant.
    public struct IntegrationSettings: Sendable, Hashable {
        /// The app's own client id (its `ADALClientId`).
        public var clientId: String
        public var tokenURL: String?
        public var mamServiceURL: String?
        public var mamResource: String?
        public var deviceConfigURL: String?
        /// A second registration of the app in the tenant, for the runtime-override cases (ENR-15).
        public var alternateClientId: String?

        public init(clientId: String, tokenURL: String? = nil, mamServiceURL: String? = nil, mamResource: String? = nil, deviceConfigURL: String? = nil,
                    alternateClientId: String? = nil) {
            self.clientId = clientId
            self.tokenURL = tokenURL
            self.mamServiceURL = mamServiceURL
            self.mamResource = mamResource
            self.deviceConfigURL = deviceConfigURL
            self.alternateClientId = alternateClientId
        }

        /// The endpoints, with defaults for a commercial-cloud tenant.
        public func endpoints(loginURL: String, tenantId: String) -> BackendEndpoints {
            BackendEndpoints(
                tokenURL: tokenURL ?? "\(loginURL)/\(tenantId)/oauth2/v2.0/token",
                mamServiceURL: mamServiceURL ?? "https://mam.manage.microsoft.com",
                mamResource: mamResource ?? "https://msmamservice.api.application",
                clientId: clientId, deviceConfigURL: deviceConfigURL,
                // A token URL of its own says where the tenant signs in; the authorities then stay unnamed.
                authority: tokenURL == nil ? "\(loginURL)/\(tenantId)" : nil,
                commonAuthority: tokenURL == nil ? "\(loginURL)/common" : nil, alternateClientId: alternateClientId)
        }
    }
}
