import AdapterProtocol

/// Arranges, changes and observes the MAM backend a case runs against. The mock backend and a real Graph tenant
/// are two drivers behind this one seam: the core hands a driver what a case needs (a ``TenantRequest``) and gets
/// back an opaque ``TenantHandle``; everything a driver keeps about the tenant (object ids, credentials, base URLs)
/// stays inside the driver.
public protocol BackendDriver: Sendable {
    var description: String { get }
    /// What the backend can do beyond a real tenant's administration API. A case that needs more is skipped on
    /// this backend, with the reason, instead of failing for want of a feature.
    var capabilities: Set<BackendCapability> { get }
    /// How long state the integration caused may take to show at the backend (registrations after a check-in):
    /// the runner looks again within this budget before it calls a backend expectation failed.
    var observation: ObservationBudget { get }
    /// Fails fast when the backend cannot be reached at all, so the run ends as an infrastructure error.
    func checkReachable() async throws(BackendFault)
    /// Makes the case's tenant ready: its own tenant on the mock; groups, policies and assignments on a real one.
    func arrange(_ request: TenantRequest, transcript: Transcript) async throws(BackendFault) -> TenantHandle
    /// Acts on the backend the way an administrator (or, with `faults`, a failing service) would, mid-case.
    func perform(_ action: BackendAction, on tenant: TenantHandle, transcript: Transcript) async throws(BackendFault)
    /// The MAM registrations of this case's accounts as the backend records them now.
    func registrations(_ tenant: TenantHandle, transcript: Transcript) async throws(BackendFault) -> [BackendRegistration]
    /// The requests the integration made (needs `journal`; others return an empty list).
    func journal(_ tenant: TenantHandle, transcript: Transcript) async throws(BackendFault) -> [JournalEntry]
    /// Removes everything `arrange` and `perform` created for this tenant. Never throws: a leftover is reported on
    /// the driver's log and found again by `mamconf backend-clean`.
    func teardown(_ tenant: TenantHandle) async
    /// Reads the journal a last time and removes the tenant: ``journal(_:transcript:)``, then ``teardown(_:)``, in
    /// one request where the backend can (the mock). Nil when the backend keeps no journal or it could not be read;
    /// the tenant is torn down either way. Never throws, as `teardown`.
    func journalAndTeardown(_ tenant: TenantHandle, transcript: Transcript) async -> [JournalEntry]?
}

extension BackendDriver {
    public func journalAndTeardown(_ tenant: TenantHandle, transcript: Transcript) async -> [JournalEntry]? {
        let entries = capabilities.contains(.journal) ? try? await journal(tenant, transcript: transcript) : nil
        await teardown(tenant)
        return entries
    }
}

/// A power of the backend beyond a real tenant's administration API.
public enum BackendCapability: String, Sendable, Hashable, CaseIterable {
    /// Lists the requests the integration made (`check_backend: {journal: …}`).
    case journal
    /// Makes the service fail on purpose (`backend: {fault: …}`).
    case faults
    /// Moves the service's clock with the integration's (`advance_clock`); without it the integration runs on
    /// real time.
    case clock
    /// Every case gets a tenant of its own, so it may change tenant-wide settings (`default_app_config`) and its
    /// users (`rename_user`).
    case isolatedTenant = "isolated-tenant"
    /// Decides which account the test device is MDM-enrolled by (`device_user`), which a real tenant learns only
    /// from a real device enrollment.
    case deviceEnrollment = "device-enrollment"

    /// What the capability lets a case do, for skip reasons and `mamconf list`.
    public var summary: String {
        switch self {
        case .journal: return "read the integration's requests at the backend"
        case .faults: return "make the service fail on purpose"
        case .clock: return "move the service's clock"
        case .isolatedTenant: return "change tenant-wide settings and users in a tenant of the case's own"
        case .deviceEnrollment: return "choose the account the device is MDM-enrolled by"
        }
    }
}

/// How long, and how often, the runner looks again for backend state the integration caused.
public struct ObservationBudget: Sendable, Hashable {
    /// Total wall time to keep looking; zero means one look (a backend that is consistent at once).
    public var total: Duration
    /// Pause between looks.
    public var interval: Duration

    public init(total: Duration, interval: Duration) {
        self.total = total
        self.interval = interval
    }

    /// One look: the backend shows every change the moment it happened (the mock).
    public static let immediate = ObservationBudget(total: .zero, interval: .zero)
}
