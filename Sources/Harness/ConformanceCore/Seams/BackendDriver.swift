import AdapterProtocol

/// Arranges, moves and observes the MAM backend a case runs against. The mock backend and a real
/// Graph tenant are two drivers behind this one seam.
public protocol BackendDriver: Sendable {
    var description: String { get }
    /// What the backend can do besides arranging tenants and acting as an administrator. A case that needs
    /// more (a journal of the integration's requests, injected faults, a movable service clock) is skipped
    /// on this backend, with the reason.
    var capabilities: Set<BackendCapability> { get }
    /// Fails fast when the backend cannot be reached at all, so the run ends as an infrastructure error.
    func checkReachable() async throws(BackendFault)
    /// Creates the case's own tenant: users, groups, policies with their target apps and assignments.
    func arrange(tenant: TenantFixture, policies: [PolicyFixture], transcript: Transcript) async throws(BackendFault) -> ArrangedTenant
    func advanceClock(_ tenant: ArrangedTenant, seconds: Double, transcript: Transcript) async throws(BackendFault)
    /// Acts on the backend the way an administrator (or a failing service) would, mid-case.
    func perform(_ action: BackendAction, on tenant: ArrangedTenant, transcript: Transcript) async throws(BackendFault)
    func registrations(_ tenant: ArrangedTenant, transcript: Transcript) async throws(BackendFault) -> [BackendRegistration]
    func journal(_ tenant: ArrangedTenant, transcript: Transcript) async throws(BackendFault) -> [JournalEntry]
    func teardown(_ tenant: ArrangedTenant) async
}

/// A power of the backend beyond a real tenant's administration API.
public enum BackendCapability: String, Sendable, Hashable, CaseIterable {
    /// Lists the requests the integration made (`check_backend: {journal: …}`).
    case journal
    /// Makes the service fail on purpose (`backend: {fault: …}`).
    case faults
    /// Moves the service's clock with the integration's (`advance_clock`).
    case clock
}

/// Something done to the backend during a case.
public enum BackendAction: Sendable, Hashable {
    /// An administrator's selective wipe of the account's app registration (by its device tag).
    case selectiveWipe(accountId: String)
    /// The service starts answering a route (journal route name, e.g. `mam.enroll`) with an error status,
    /// for `times` requests or until cleared.
    case injectFault(route: ServiceRoute, status: Int, times: Int?)
    /// The service answers normally again.
    case clearFaults
    /// Creates (or, when the name exists, updates or deletes) a MAM-channel targeted app configuration
    /// with string settings, assigned to the named fixture groups and targeting the tenant's app.
    case appConfig(name: String, settings: [String: String]?, assignTo: [String]?, delete: Bool)
    /// Sets the tenant-wide default app configuration (empty removes it).
    case defaultAppConfig([String: String])
    /// Creates (or updates, or deletes) an MDM-channel app configuration for the app (allowed accounts).
    case deviceConfig(name: String, settings: [String: String]?, assignTo: [String]?, delete: Bool)
    /// Makes the device MDM-enrolled by this account (nil: no device user).
    case deviceUser(accountId: String?)
    /// Changes settings of an arranged protection policy (fixture name).
    case updatePolicy(name: String, settings: [String: JSONValue])
}

/// What the integration needs to reach a freshly arranged tenant.
public struct ArrangedTenant: Sendable {
    public var tenantId: String
    public var tokenURL: String
    public var mamServiceURL: String
    public var mamResource: String
    public var appClientId: String
    /// The backend clock's current time (ISO-8601); the integration's virtual clock starts there.
    public var now: String
    /// Where the simulated operating system's managed app configuration for the app is read (MDM channel).
    public var deviceConfigURL: String?
    /// Whatever the driver needs to keep about this tenant (base URLs, object ids); opaque to the core.
    public var driverContext: [String: String]

    public init(
        tenantId: String, tokenURL: String, mamServiceURL: String, mamResource: String, appClientId: String, now: String,
        driverContext: [String: String] = [:], deviceConfigURL: String? = nil
    ) {
        self.deviceConfigURL = deviceConfigURL
        self.driverContext = driverContext
        self.tenantId = tenantId
        self.tokenURL = tokenURL
        self.mamServiceURL = mamServiceURL
        self.mamResource = mamResource
        self.appClientId = appClientId
        self.now = now
    }
}

/// A MAM registration as the backend records it.
public struct BackendRegistration: Sendable, Hashable {
    public var userId: String
    public var deviceTag: String?
    public var sdkVersion: String?
    public var lastSync: String?

    public init(userId: String, deviceTag: String?, sdkVersion: String?, lastSync: String?) {
        self.userId = userId
        self.deviceTag = deviceTag
        self.sdkVersion = sdkVersion
        self.lastSync = lastSync
    }
}

/// One request the backend served, as its journal shows it.
public struct JournalEntry: Sendable, Hashable {
    public var sequence: Int
    public var route: String
    public var method: String
    public var path: String
    public var status: Int
    public var accountId: String?

    public init(sequence: Int, route: String, method: String, path: String, status: Int, accountId: String?) {
        self.sequence = sequence
        self.route = route
        self.method = method
        self.path = path
        self.status = status
        self.accountId = accountId
    }
}

/// The backend could not be used. An infrastructure problem: it makes a case an `<error>` and, at the
/// start of a run, the whole run exit 2.
public struct BackendFault: Error, Sendable, CustomStringConvertible {
    /// The request that failed (`POST http://…/groups`).
    public var request: String
    public var message: String

    public init(request: String, message: String) {
        self.request = request
        self.message = message
    }

    public var description: String { "backend request \(request) failed: \(message)" }
}
