import AdapterProtocol
import ConformanceCore
import Foundation
import Synchronization

/// A backend inside the test process: tenants are names, actions are recorded, registrations and the journal
/// are whatever the test puts there. With it the runner's own logic runs without HTTP.
final class InMemoryBackend: BackendDriver, Sendable {
    let capabilities: Set<BackendCapability>
    var description: String { "in-memory backend" }
    let observation: ObservationBudget
    /// Thrown by `checkReachable`, for an unreachable backend.
    let unreachable: BackendFault?
    /// Thrown by `arrange`, for a tenant the backend refuses to make.
    let arrangeFault: BackendFault?
    /// Where arrangements and teardowns are noted, next to what the integration saw (``SeamTimeline``).
    let timeline: SeamTimeline?
    /// Told how many tenants have been arranged, after each.
    let onArrange: (@Sendable (Int) -> Void)?

    private struct State {
        var tenants: [String] = []
        var tornDown: [String] = []
        var actions: [String] = []
        var registrations: [BackendRegistration] = []
        /// Registrations that show only from the given look on (a real service shows a check-in minutes later).
        var late: [(fromLook: Int, registration: BackendRegistration)] = []
        var looks = 0
        var journal: [JournalEntry] = []
    }
    private let state = Mutex(State())

    init(capabilities: Set<BackendCapability> = Set(BackendCapability.allCases), unreachable: BackendFault? = nil,
         observation: ObservationBudget = .immediate, arrangeFault: BackendFault? = nil, timeline: SeamTimeline? = nil,
         onArrange: (@Sendable (Int) -> Void)? = nil) {
        self.capabilities = capabilities
        self.observation = observation
        self.unreachable = unreachable
        self.arrangeFault = arrangeFault
        self.timeline = timeline
        self.onArrange = onArrange
    }

    var arranged: [String] { state.withLock { $0.tenants } }
    var tornDown: [String] { state.withLock { $0.tornDown } }
    var actions: [String] { state.withLock { $0.actions } }
    func register(_ registration: BackendRegistration) { state.withLock { $0.registrations.append(registration) } }
    /// The registration shows from the `look`-th call of ``registrations(_:transcript:)`` on (1-based).
    func register(_ registration: BackendRegistration, fromLook look: Int) { state.withLock { $0.late.append((look, registration)) } }
    /// How often the runner looked at the registrations.
    var looks: Int { state.withLock { $0.looks } }
    func record(_ entry: JournalEntry) { state.withLock { $0.journal.append(entry) } }

    func checkReachable() async throws(BackendFault) {
        if let unreachable { throw unreachable }
    }

    func arrange(_ request: TenantRequest, transcript: Transcript) async throws(BackendFault) -> TenantHandle {
        timeline?.note("arrange")
        if let arrangeFault { throw arrangeFault }
        let (id, count) = state.withLock { state -> (String, Int) in
            state.tenants.append(request.label)
            return ("tenant-\(state.tenants.count)", state.tenants.count)
        }
        onArrange?(count)
        let endpoints = BackendEndpoints(tokenURL: "http://in-memory.invalid/token", mamServiceURL: "http://in-memory.invalid/mam",
                                         mamResource: "https://msmamservice.api.application", clientId: "client", deviceConfigURL: nil,
                                         authority: "http://in-memory.invalid/\(id)", commonAuthority: "http://in-memory.invalid/common",
                                         alternateClientId: "client-alt")
        return TenantHandle(id: id, endpoints: endpoints, clock: ClockSetting(mode: .virtual, now: "2026-01-01T00:00:00Z"))
    }

    func perform(_ action: BackendAction, on tenant: TenantHandle, transcript: Transcript) async throws(BackendFault) {
        state.withLock { $0.actions.append("\(action)") }
    }

    func registrations(_ tenant: TenantHandle, transcript: Transcript) async throws(BackendFault) -> [BackendRegistration] {
        state.withLock { state in
            state.looks += 1
            return state.registrations + state.late.filter { $0.fromLook <= state.looks }.map(\.registration)
        }
    }

    func journal(_ tenant: TenantHandle, transcript: Transcript) async throws(BackendFault) -> [JournalEntry] {
        state.withLock { $0.journal }
    }

    func teardown(_ tenant: TenantHandle) async {
        timeline?.note("teardown")
        state.withLock { $0.tornDown.append(tenant.id) }
    }
}
