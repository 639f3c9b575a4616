import AdapterProtocol

/// What a case asks of the backend before it starts.
public struct TenantRequest: Sendable {
    public var tenant: TenantFixture
    public var policies: [PolicyFixture]
    /// `suite/case`: a real tenant's objects carry it, so a person reading the tenant knows which case made them.
    public var label: String

    public init(tenant: TenantFixture, policies: [PolicyFixture], label: String) {
        self.tenant = tenant
        self.policies = policies
        self.label = label
    }
}

/// A tenant a driver arranged, as the core sees it: an opaque key for the driver, and what the integration is
/// told at `initialize`. Whatever else the driver keeps (object ids, tokens, credentials) is the driver's own.
public struct TenantHandle: Sendable, Hashable {
    /// The driver's key for this arrangement; meaningless to anyone else.
    public let id: String
    /// Where the integration reaches the tenant's token endpoint and MAM service.
    public let endpoints: BackendEndpoints
    /// The clock the integration starts with: virtual at the backend's time when the backend has `clock`, else
    /// the system clock.
    public let clock: ClockSetting

    public init(id: String, endpoints: BackendEndpoints, clock: ClockSetting) {
        self.id = id
        self.endpoints = endpoints
        self.clock = clock
    }
}
