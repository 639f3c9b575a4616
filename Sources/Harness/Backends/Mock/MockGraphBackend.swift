import AdapterProtocol
import ConformanceCore
import CurlHTTP
import Foundation

/// Drives the mock MAM backend the way an administrator drives Intune: the tenant, its clock, faults, journal and
/// the simulated device through the mock's `/_mock/` controls; everything else through the Graph face, with the
/// same ``GraphTenantAdministration`` the Graph driver uses on a real tenant.
public struct MockGraphBackend: BackendDriver {
    /// The mock journals every request, injects faults, moves its clock, gives each case a tenant of its own
    /// and simulates the device's MDM enrollment.
    public var capabilities: Set<BackendCapability> { Set(BackendCapability.allCases) }
    /// The mock shows every change at once.
    public var observation: ObservationBudget { .immediate }

    public let baseURL: String
    private let control: MockControlClient
    /// Each tenant in flight talks to the mock over a client of its own, so parallel cases do not queue on one connection.
    private let clients: HTTPClientPool
    private let redactor: Redactor
    private let tenants = TenantRegistry<MockTenant>()

    public init(baseURL: String, redactor: Redactor, controlToken: String? = nil,
                timeouts: HTTPTimeouts = HTTPTimeouts(connect: .seconds(2), total: .seconds(15))) {
        let baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.baseURL = baseURL
        self.redactor = redactor
        let control = MockControlClient(baseURL: baseURL, controlToken: controlToken, redactor: redactor, timeouts: timeouts)
        self.control = control
        self.clients = HTTPClientPool(first: control.http, timeouts: timeouts)
    }

    public var description: String { "mock MAM backend at \(baseURL)" }

    /// Connections the driver's HTTP clients opened so far (tests check keep-alive with it: at most one per case in
    /// flight, so two in a serial run, whose next case arranges its tenant while one runs).
    public var connectionsOpened: Int {
        get async { await clients.connectionsOpened }
    }

    public func checkReachable() async throws(BackendFault) {
        try await control.checkHealth()
    }

    public func arrange(_ request: TenantRequest, transcript: Transcript) async throws(BackendFault) -> TenantHandle {
        let tenant = request.tenant
        let client = await clients.lease()
        let control = control.using(client)
        let users: [JSONValue] = tenant.users.map { user in
            ["alias": .string(user.alias), "upn": .string(user.upn), "objectId": .string(user.objectId),
             "licensed": .bool(user.licensed), "password": .string(user.password),
             "personal": .bool(user.personal), "protectionPolicyRequired": .bool(user.protectionPolicyRequired)]
        }
        let created: JSONValue
        do {
            created = try await control.json("POST", "/_mock/tenants",
                                             body: ["bundleId": .string(tenant.bundleId), "users": .array(users)],
                                             expect: 201, transcript: transcript)
        } catch {
            await clients.giveBack(client)
            throw error
        }
        guard let tenantId = created["tenantId"]?.stringValue, let graphURL = created["graphBaseURL"]?.stringValue,
              let tokenURL = created["tokenURL"]?.stringValue, let mamURL = created["mamServiceURL"]?.stringValue,
              let resource = created["mamResource"]?.stringValue, let appClient = created["appClientId"]?.stringValue,
              let clientId = created["admin"]?["clientId"]?.stringValue, let secret = created["admin"]?["clientSecret"]?.stringValue
        else {
            await clients.giveBack(client)
            throw BackendFault(request: "POST \(baseURL)/_mock/tenants", reason: .malformedAnswer("the answer lacks tenant fields: \(created.compactText)"))
        }
        redactor.add(secret)
        let graph = GraphAdminClient(
            graphURL: graphURL, tokenURL: tokenURL,
            credentials: GraphCredentials(tenantId: tenantId, clientId: clientId, clientSecret: secret),
            redactor: redactor, pathBase: baseURL, sharing: client)
        let administration = GraphTenantAdministration(
            graph: graph, objects: ArrangedObjects(), naming: .plain, users: tenant.users, bundleId: tenant.bundleId)
        let state = MockTenant(tenantId: tenantId, administration: administration, control: control)
        let handle = TenantHandle(
            id: tenantId,
            endpoints: BackendEndpoints(
                tokenURL: tokenURL, mamServiceURL: mamURL, mamResource: resource, clientId: appClient,
                deviceConfigURL: "\(baseURL)/\(tenantId)/device/v1/managedAppConfig?bundleId=\(tenant.bundleId)",
                authority: created["authority"]?.stringValue, commonAuthority: created["commonAuthority"]?.stringValue,
                alternateClientId: created["alternateAppClientId"]?.stringValue),
            clock: ClockSetting(mode: .virtual, now: created["now"]?.stringValue ?? "2026-01-01T00:00:00Z"))
        await tenants.add(state, for: handle.id)
        do {
            try await administration.arrange(groups: tenant.groups, policies: request.policies, transcript: transcript)
        } catch {
            await teardown(handle)
            throw error
        }
        return handle
    }

    public func perform(_ action: BackendAction, on handle: TenantHandle, transcript: Transcript) async throws(BackendFault) {
        let tenant = try await state(handle)
        let controls = "/_mock/tenants/\(tenant.tenantId)"
        let admin = tenant.administration
        let control = tenant.control
        switch action {
        case .selectiveWipe(let accountId):
            let registrations = try await admin.registrations(transcript: transcript).map(\.registration)
            try await admin.selectiveWipe(accountId: accountId, among: registrations, transcript: transcript)
        case .advanceClock(let duration):
            _ = try await control.json("POST", "\(controls)/clock", body: ["advanceSeconds": .number(duration.inSeconds)], expect: 200, transcript: transcript)
        case .injectFault(let fault):
            _ = try await control.json("POST", "\(controls)/faults", body: MockFaultBody.injection(fault), expect: 201, transcript: transcript)
        case .faultSchedule(let schedule):
            _ = try await control.json("POST", "\(controls)/fault-schedule", body: MockFaultBody.schedule(schedule), expect: 201, transcript: transcript)
        case .releaseHold(let route):
            _ = try await control.json("POST", "\(controls)/faults/release", body: MockFaultBody.release(route), expect: 200, transcript: transcript)
        case .clearFaults:
            _ = try await control.json("DELETE", "\(controls)/faults", expect: 204, transcript: transcript)
        case .appConfig(let name, let settings, let assignTo, let delete):
            try await admin.appConfig(name, settings: settings, assignTo: assignTo, delete: delete, transcript: transcript)
        case .defaultAppConfig(let settings):
            _ = try await control.json("PUT", "\(controls)/default-app-config",
                                       body: ["customSettings": GraphTenantAdministration.customSettings(settings)], expect: 204, transcript: transcript)
        case .deviceConfig(let name, let settings, let assignTo, let delete):
            try await admin.deviceConfig(name, settings: settings, assignTo: assignTo, delete: delete, transcript: transcript)
        case .deviceUser(let accountId):
            _ = try await control.json("PUT", "\(controls)/device",
                                       body: ["userId": accountId.map { .string($0) } ?? .null], expect: 204, transcript: transcript)
        case .updatePolicy(let name, let settings):
            try await admin.updatePolicy(name, settings: settings, transcript: transcript)
        case .renameUser(let accountId, let upn):
            _ = try await control.json("PATCH", "\(controls)/users/\(accountId)",
                                       body: ["userPrincipalName": .string(upn)], expect: 204, transcript: transcript)
        }
    }

    public func registrations(_ handle: TenantHandle, transcript: Transcript) async throws(BackendFault) -> [BackendRegistration] {
        try await state(handle).administration.registrations(transcript: transcript).map(\.registration)
    }

    public func journal(_ handle: TenantHandle, transcript: Transcript) async throws(BackendFault) -> [JournalEntry] {
        let tenant = try await state(handle)
        return Self.entries(try await tenant.control.json("GET", "/_mock/tenants/\(tenant.tenantId)/journal", expect: 200, transcript: transcript))
    }

    /// Deletes the mock tenant, and with it every object the case made.
    public func teardown(_ handle: TenantHandle) async {
        guard let tenant = await tenants.remove(handle.id) else { return }
        await delete(tenant)
        await clients.giveBack(tenant.control.http)
    }

    private func delete(_ tenant: MockTenant) async {
        _ = try? await tenant.control.json("DELETE", "/_mock/tenants/\(tenant.tenantId)", expect: 204, transcript: nil)
    }

    /// One request: the mock deletes the tenant and answers the journal it ended with.
    public func journalAndTeardown(_ handle: TenantHandle, transcript: Transcript) async -> [JournalEntry]? {
        guard let tenant = await tenants.remove(handle.id) else { return nil }
        let listing = try? await tenant.control.json("DELETE", "/_mock/tenants/\(tenant.tenantId)?journal=true", expect: 200, transcript: transcript)
        // Whatever went wrong, the tenant must still go (a mock that ignores the query has deleted it already: 404).
        if listing == nil { await delete(tenant) }
        await clients.giveBack(tenant.control.http)
        return listing.map(Self.entries)
    }

    /// The entries of a journal listing (`GET …/journal`, `DELETE …?journal=true`).
    private static func entries(_ listing: JSONValue) -> [JournalEntry] {
        (listing["entries"]?.arrayValue ?? []).map { entry in
            JournalEntry(
                sequence: entry["seq"]?.intValue ?? 0, route: entry["route"]?.stringValue ?? "",
                method: entry["method"]?.stringValue ?? "", path: entry["path"]?.stringValue ?? "",
                status: entry["status"]?.intValue ?? 0, accountId: entry["accountId"]?.stringValue,
                fault: entry["fault"]?.stringValue, bodyDigest: entry["bodyDigest"]?.stringValue,
                clientId: entry["clientId"]?.stringValue, authority: entry["authority"]?.stringValue)
        }
    }

    private func state(_ handle: TenantHandle) async throws(BackendFault) -> MockTenant {
        guard let tenant = await tenants.state(handle.id) else {
            throw BackendFault(request: "tenant \(handle.id)", message: "this tenant was not arranged by \(description), or is torn down")
        }
        return tenant
    }
}

/// What the mock driver keeps about one arranged tenant.
struct MockTenant: Sendable {
    let tenantId: String
    let administration: GraphTenantAdministration
    /// The mock's controls over the client this tenant leased.
    let control: MockControlClient
}
