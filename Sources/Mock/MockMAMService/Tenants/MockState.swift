import AdapterProtocol
import Foundation

/// The single owner of all tenants.
///
/// Being an actor serialises requests per server; each request does all its work on a tenant (including its
/// journal entry) inside one ``withTenant(_:_:)`` call, so journal order is the order requests took effect.
actor MockState {
    private var tenants: [String: Tenant] = [:]
    private let clockStart: Date
    private let tokenLifetime: Duration
    private let graphPageSize: Int
    /// Entries each tenant's journal keeps (``Tenant/trimJournal(keeping:)``).
    nonisolated let journalLimit: Int
    /// The URL the server is reachable at, known once the socket is bound; tenant URLs are built from it.
    private(set) var baseURL: String = "http://127.0.0.1"

    /// Where every change is saved, when the mock runs with `--state-file`.
    private let stateFile: StateFile?
    /// The requests `hold` faults keep back; a deleted tenant's are released with it.
    nonisolated let holds = HeldRequests()

    init(clockStart: Date, tokenLifetime: Duration, graphPageSize: Int = 100, journalLimit: Int = 10_000,
         stateFile: StateFile? = nil) {
        self.journalLimit = journalLimit
        self.clockStart = clockStart
        self.tokenLifetime = tokenLifetime
        self.graphPageSize = graphPageSize
        self.stateFile = stateFile
    }

    /// Puts back the tenants a previous run saved (before the server accepts requests).
    func restore(_ saved: [Tenant]) {
        for tenant in saved { tenants[tenant.id.lowercased()] = tenant }
    }

    /// Whether a state file write is scheduled (the changes until then go out with it).
    private var saveScheduled = false
    /// Counts ``saveNow()`` calls: a write scheduled before one is no longer due, since that call wrote its changes.
    private var saveGeneration = 0

    /// Notes a change for the state file: the first change of an interval schedules the write; the tenants are handed
    /// over when it is due (``handOverForSaving(_:)``), so a request costs nothing here.
    private func persist() {
        guard let stateFile, !saveScheduled else { return }
        saveScheduled = true
        let generation = saveGeneration
        stateFile.afterInterval { [self] in await handOverForSaving(generation) }
    }

    /// Hands the tenants to the writer, unless the stop has saved them since the write was scheduled: a stopped mock
    /// must not write again, or it would overwrite a file that another program (the next mock) owns by then.
    private func handOverForSaving(_ generation: Int) {
        guard generation == saveGeneration else { return }
        saveScheduled = false
        stateFile?.write(tenants)
    }

    /// Writes the tenants now and returns once they are on disk (the mock's stop); a write scheduled before is dropped.
    func saveNow() async {
        saveGeneration += 1
        saveScheduled = false
        await stateFile?.writeNow(tenants)
    }

    func setBaseURL(_ url: String) {
        baseURL = url
    }

    var tenantCount: Int { tenants.count }

    /// Creates a tenant with its users and groups and returns it.
    func createTenant(_ spec: TenantSpec) -> Tenant {
        let id = Identifiers.uuid()
        let users = spec.users.map { user in
            MockUser(
                alias: user.alias, upn: user.upn, objectId: user.objectId ?? Identifiers.uuid(),
                licensed: user.licensed, password: user.password, personal: user.personal,
                protectionPolicyRequired: user.protectionPolicyRequired)
        }
        var tenant = Tenant(
            id: id, bundleId: spec.bundleId, users: users, clockStart: clockStart, tokenLifetime: tokenLifetime.inSeconds)
        tenant.graphPageSize = graphPageSize
        for group in spec.groups {
            let members = group.memberAliases.compactMap { tenant.user(alias: $0)?.objectId }
            tenant.groups.append(
                MockGroup(
                    id: Identifiers.uuid(), displayName: group.name, properties: [:],
                    createdDateTime: tenant.nowString, memberIds: members))
        }
        tenant.deviceUserId = spec.deviceUser.flatMap { tenant.user(alias: $0)?.objectId }
        tenants[id] = tenant
        persist()
        return tenant
    }

    /// Removes a tenant and gives it back (its journal as it ended); nil when there was none.
    func removeTenant(_ id: String) -> Tenant? {
        defer { persist() }
        holds.release(tenant: id)
        return tenants.removeValue(forKey: id.lowercased())
    }

    /// Runs `body` on the tenant in one actor turn; nil when the tenant does not exist. `changes: false` says `body`
    /// only reads, so there is nothing to save.
    func withTenant<Result: Sendable>(_ id: String, changes: Bool = true, _ body: @Sendable (inout Tenant) -> Result) -> Result? {
        let key = id.lowercased()
        guard tenants[key] != nil else { return nil }
        let result = body(&tenants[key]!)
        if changes {
            tenants[key]!.trimJournal(keeping: journalLimit)
            persist()
        }
        return result
    }
}
