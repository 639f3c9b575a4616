import AdapterProtocol
import Foundation

/// Everything one mock tenant knows; cases never share a tenant, so they never see each other's state.
///
/// A tenant is a value owned by ``MockState``; every request runs against it in one actor turn, so a request and
/// its journal entry are never interleaved with another request's.
struct Tenant: Sendable, Codable {
    let id: String
    let bundleId: String
    /// Public client id of the app (password and refresh grants).
    let appClientId: String
    /// A second registration of the same app in the tenant, which an integration can switch to at run time
    /// (`aadClientIdOverride`, ENR-15). Derived from the id, so tenants persisted before it existed have it too.
    var alternateAppClientId: String { "mamconf-app-alt-" + id }
    /// The app registrations whose users may sign in with the password and refresh grants.
    func isAppClient(_ clientId: String?) -> Bool {
        clientId == appClientId || clientId == alternateAppClientId
    }
    /// Confidential client of the administrator (client-credentials grant).
    let adminClientId: String
    let adminClientSecret: String
    /// Lifetime of access tokens, in seconds of tenant time.
    let tokenLifetime: TimeInterval
    /// The tenant clock; moves only through the `/_mock` clock control.
    var now: Date {
        didSet { nowString = ISOTime.format(now) }
    }
    /// The tenant clock as an ISO-8601 string: formatted once per clock move, not once per request (every journal
    /// entry carries it).
    private(set) var nowString: String

    var users: [MockUser]
    var groups: [MockGroup] = []
    var policies: [ProtectionPolicy] = []
    /// MAM-channel app configurations, in creation order (the order they are delivered in).
    var appConfigurations: [TargetedAppConfiguration] = []
    /// The tenant-wide default MAM-channel configuration (Intune's `__IsDefault` dictionary); empty when unset.
    var defaultAppConfig: [CustomSetting] = []
    /// The app catalogue (`mobileApps`) and MDM-channel app configurations, in creation order.
    var mobileApps: [MobileApp] = []
    var mobileAppConfigurations: [MobileAppConfiguration] = []
    /// The simulated MDM-enrolled device: its id (the `{{deviceid}}` token) and its user, if any.
    let deviceId: String
    var deviceUserId: String?
    var registrations: [AppRegistration] = []
    var wipeRequests: [WipeRequest] = []
    var accessTokens: [String: IssuedToken] = [:]
    var refreshTokens: [String: RefreshGrant] = [:]
    /// Armed faults, oldest first (see ``InjectedFault``).
    var faults: [InjectedFault] = []
    /// The administrator's certificate (PEM) for client assertions, once registered.
    var adminCertificatePEM: String?
    /// `jti`s of the client assertions taken, so none is taken twice.
    var usedAssertionIds: Set<String> = []
    /// Items per page of a Graph list without `$top`.
    var graphPageSize = 100
    /// Seeded fault schedules, in the order they were added.
    var faultSchedules: [SeededFaultSchedule] = []
    /// Telemetry events received from SDKs; shown in the journal detail of `mam.telemetry`.
    var telemetryEventCount = 0
    private(set) var journal: [JournalEntry] = []

    init(id: String, bundleId: String, users: [MockUser], clockStart: Date, tokenLifetime: TimeInterval) {
        self.id = id
        self.bundleId = bundleId
        self.users = users
        self.now = clockStart
        self.nowString = ISOTime.format(clockStart)
        self.tokenLifetime = tokenLifetime
        self.appClientId = "mamconf-app-" + id
        self.adminClientId = Identifiers.uuid()
        self.adminClientSecret = Identifiers.opaque()
        self.deviceId = Identifiers.uuid()
    }


    func user(objectId: String) -> MockUser? {
        users.first { $0.objectId.caseInsensitiveCompare(objectId) == .orderedSame }
    }

    func user(upn: String) -> MockUser? {
        users.first { $0.upn.caseInsensitiveCompare(upn) == .orderedSame }
    }

    func user(alias: String) -> MockUser? {
        users.first { $0.alias == alias }
    }

    func groupIndex(id: String) -> Int? {
        groups.firstIndex { $0.id.caseInsensitiveCompare(id) == .orderedSame }
    }

    func policyIndex(id: String) -> Int? {
        policies.firstIndex { $0.id.caseInsensitiveCompare(id) == .orderedSame }
    }

    /// Issues a new opaque access token valid for ``tokenLifetime`` from now.
    mutating func issueAccessToken(kind: IssuedToken.Kind, accountId: String?, audience: String) -> String {
        let token = Identifiers.opaque()
        accessTokens[token] = IssuedToken(
            kind: kind, accountId: accountId, audience: audience, expiresAt: now.addingTimeInterval(tokenLifetime))
        return token
    }

    /// Issues a refresh token for a user and the client that asked.
    mutating func issueRefreshToken(accountId: String, clientId: String) -> String {
        let token = Identifiers.opaque()
        refreshTokens[token] = RefreshGrant(accountId: accountId, clientId: clientId)
        return token
    }

    /// Appends a journal entry stamped with the tenant clock.
    @discardableResult
    mutating func record(
        method: String, path: String, route: String, status: Int, accountId: String?, detail: String?,
        fault: String? = nil, bodyDigest: String? = nil, signIn: SignInParty? = nil
    ) -> JournalEntry {
        let entry = JournalEntry(
            tenant: id, seq: (journal.last?.seq ?? 0) + 1, at: nowString, method: method, path: path, route: route, status: status,
            accountId: accountId, detail: detail, fault: fault, bodyDigest: bodyDigest, signIn: signIn)
        journal.append(entry)
        return entry
    }

    /// Drops the oldest journal entries beyond `limit`. In batches (once an eighth more have come), so a busy tenant
    /// does not move its whole journal for every request; ``journalListing(after:limit:)`` shows exactly `limit`.
    mutating func trimJournal(keeping limit: Int) {
        guard journal.count >= limit + max(1, limit / 8) else { return }
        journal.removeFirst(journal.count - limit)
    }

    /// The newest `limit` entries with `seq > after`, and how many entries with `seq > after` are no longer kept (the
    /// oldest ones: `after + 1` through `after + dropped`).
    func journalListing(after: Int, limit: Int) -> (entries: [JournalEntry], dropped: Int) {
        let kept = journal.suffix(limit)
        let firstKept = kept.first?.seq ?? 1
        return (kept.filter { $0.seq > after }, max(0, firstKept - 1 - max(0, after)))
    }
}
