import AdapterProtocol
import ConformanceCore
import Foundation

/// Drives a real Intune tenant through Microsoft Graph: the case's groups (with the tenant file's real
/// accounts as members), app protection policies, configurations, selective wipe and the registrations
/// read-back — the same ``GraphTenantAdministration`` the mock driver uses.
///
/// A real tenant is shared and its service state settles minutes after the SDK acts, so this driver has none of
/// the mock's extra powers (no journal, faults, clock, private tenant or simulated device), looks for
/// registrations within ``observation``, tags every object with the run's ``GraphRunTag`` and deletes them at
/// teardown.
public struct GraphBackend: BackendDriver {
    public var capabilities: Set<BackendCapability> { [] }
    public let observation: ObservationBudget

    private let graph: any GraphCalling
    private let profile: TenantProfile
    private let tenantId: String
    private let loginURL: String
    private let graphURL: String
    private let tag: GraphRunTag
    private let onLeftover: @Sendable (String) -> Void
    private let tenants = TenantRegistry<GraphTenant>()

    /// - Parameters:
    ///   - graph: The administrator's Graph client (`GraphAdminClient`).
    ///   - observation: How long a registration may take to show after a check-in (Intune: minutes).
    ///   - onLeftover: Told about every object teardown could not delete (the CLI prints it with the clean
    ///     command to run).
    public init(graph: any GraphCalling, profile: TenantProfile, tenantId: String, graphURL: String, loginURL: String,
                tag: GraphRunTag, observation: ObservationBudget = ObservationBudget(total: .seconds(600), interval: .seconds(15)),
                onLeftover: @escaping @Sendable (String) -> Void = { _ in }) {
        self.graph = graph
        self.profile = profile
        self.tenantId = tenantId
        self.graphURL = graphURL
        self.loginURL = loginURL
        self.tag = tag
        self.observation = observation
        self.onLeftover = onLeftover
    }

    public var description: String { "Graph tenant \(tenantId) at \(graphURL) (run \(tag))" }

    /// Gets a token and reads one page of policies: proves the credentials, the consent and the licence.
    public func checkReachable() async throws(BackendFault) {
        _ = try await graph.call("GET", "\(GraphObjectKind.iosManagedAppProtection.collection)?$top=1", body: nil, expect: 200, transcript: nil)
    }

    public func arrange(_ request: TenantRequest, transcript: Transcript) async throws(BackendFault) -> TenantHandle {
        let administration = GraphTenantAdministration(
            graph: graph, objects: ArrangedObjects(), naming: tag.naming(label: request.label),
            users: request.tenant.users, bundleId: request.tenant.bundleId)
        // Registrations other cases (or people) left in the shared tenant are not this case's.
        let baseline = Set(try await administration.registrations(transcript: transcript))
        let handle = TenantHandle(
            id: UUID().uuidString.lowercased(),
            endpoints: profile.integration.endpoints(loginURL: loginURL, tenantId: tenantId),
            clock: ClockSetting(mode: .system, now: ISO8601DateFormatter().string(from: Date())))
        await tenants.add(GraphTenant(administration: administration, baseline: baseline), for: handle.id)
        do {
            try await administration.arrange(groups: request.tenant.groups, policies: request.policies, transcript: transcript)
        } catch {
            await teardown(handle)
            throw error
        }
        return handle
    }

    public func perform(_ action: BackendAction, on handle: TenantHandle, transcript: Transcript) async throws(BackendFault) {
        let tenant = try await state(handle)
        let admin = tenant.administration
        switch action {
        case .selectiveWipe(let accountId):
            let registrations = try await self.registrations(handle, transcript: transcript)
            try await admin.selectiveWipe(accountId: accountId, among: registrations, transcript: transcript)
        case .appConfig(let name, let settings, let assignTo, let delete):
            try await admin.appConfig(name, settings: settings, assignTo: assignTo, delete: delete, transcript: transcript)
        case .deviceConfig(let name, let settings, let assignTo, let delete):
            try await admin.deviceConfig(name, settings: settings, assignTo: assignTo, delete: delete, transcript: transcript)
        case .updatePolicy(let name, let settings):
            try await admin.updatePolicy(name, settings: settings, transcript: transcript)
        case .advanceClock, .injectFault, .faultSchedule, .releaseHold, .clearFaults, .defaultAppConfig, .deviceUser, .renameUser:
            let lacking = action.needs.map(\.rawValue).sorted().joined(separator: ", ")
            throw BackendFault(request: "\(action)", message: "a real tenant cannot do this (needs \(lacking)); the case should have been skipped")
        }
    }

    /// The registrations this case caused: new since arrangement, or synced again since.
    public func registrations(_ handle: TenantHandle, transcript: Transcript) async throws(BackendFault) -> [BackendRegistration] {
        let tenant = try await state(handle)
        return try await tenant.administration.registrations(transcript: transcript)
            .filter { !tenant.baseline.contains($0) }
            .map(\.registration)
    }

    public func journal(_ handle: TenantHandle, transcript: Transcript) async throws(BackendFault) -> [JournalEntry] { [] }

    public func teardown(_ handle: TenantHandle) async {
        guard let tenant = await tenants.remove(handle.id) else { return }
        for (object, fault) in await tenant.administration.deleteCreated(transcript: nil) {
            onLeftover("could not delete \(object.kind.rawValue) \(object.id) of run \(tag): \(fault.message)")
        }
    }

    /// Tears down every tenant still arranged: for a run that ends before its cases could.
    public func teardownAll() async {
        for id in await tenants.all.keys.sorted() {
            guard let state = await tenants.state(id) else { continue }
            await teardown(TenantHandle(id: id, endpoints: profile.integration.endpoints(loginURL: loginURL, tenantId: tenantId),
                                        clock: ClockSetting(mode: .system, now: "")))
            _ = state
        }
    }

    private func state(_ handle: TenantHandle) async throws(BackendFault) -> GraphTenant {
        guard let tenant = await tenants.state(handle.id) else {
            throw BackendFault(request: "tenant \(handle.id)", message: "this arrangement is unknown to \(description), or torn down")
        }
        return tenant
    }
}

/// What the Graph driver keeps about one case's arrangement.
struct GraphTenant: Sendable {
    let administration: GraphTenantAdministration
    /// Registrations (with their last sync) that existed before the case.
    let baseline: Set<RegistrationRecord>
}
