import AdapterProtocol
import ConformanceCore
import Foundation
import Synchronization
import Testing

/// When a case starts its integration, next to when it arranges its tenant. Where every case has a tenant of its own
/// (the mock), a case arranges first and then waits for one of the run's integration slots, in plan order, so later
/// tenants are arranged while the slots are busy: in a serial run too (issue 30). Where cases share a tenant (a real
/// Graph tenant), a fresh process loads while the tenant is arranged, but it hears nothing before `initialize`, a
/// failed arrangement ends it, and an integration that cannot start costs no tenant. A long-lived host is connected
/// only once its tenant is ready.
@Suite(.timeLimit(.minutes(1))) struct CaseStartOrderTests {
    static let oneCase = RunnerLogicTests.yamlCase(id: "c", "do: app.launch")
    /// A backend whose cases share one tenant, as a real Graph tenant is shared.
    static func sharedTenant(_ timeline: SeamTimeline, arrangeFault: BackendFault? = nil) -> InMemoryBackend {
        InMemoryBackend(capabilities: Set(BackendCapability.allCases).subtracting([.isolatedTenant]), arrangeFault: arrangeFault,
                        timeline: timeline)
    }

    @Test func onASharedTenantAFreshIntegrationStartsBeforeItsTenantIsArrangedAndHearsNothingUntilInitialize() async throws {
        let timeline = SeamTimeline()
        let result = try await RunnerLogicTests.run(Self.oneCase, integration: TimedIntegration(timeline: timeline),
                                                    backend: Self.sharedTenant(timeline))
        #expect(RunnerLogicTests.outcomes(result) == ["passed"])
        #expect(timeline.entries == ["start", "arrange", "initialize", "app.launch", "sync", "terminate", "teardown"],
                "\(timeline.entries)")
    }

    @Test func withATenantOfItsOwnACaseArrangesFirstAndThenStartsItsIntegration() async throws {
        let timeline = SeamTimeline()
        let result = try await RunnerLogicTests.run(Self.oneCase, integration: TimedIntegration(timeline: timeline),
                                                    backend: InMemoryBackend(timeline: timeline))
        #expect(RunnerLogicTests.outcomes(result) == ["passed"])
        #expect(timeline.entries == ["arrange", "start", "initialize", "app.launch", "sync", "terminate", "teardown"],
                "\(timeline.entries)")
    }

    @Test func onASharedTenantAFailedArrangementEndsTheIntegrationItStartedAndErrsTheCaseAsTheBackends() async throws {
        let timeline = SeamTimeline()
        let fault = BackendFault(request: "POST /groups", message: "the tenant refused the group")
        let result = try await RunnerLogicTests.run(Self.oneCase, integration: TimedIntegration(timeline: timeline),
                                                    backend: Self.sharedTenant(timeline, arrangeFault: fault))
        guard case .errored(let error, _) = result.allCases.first?.outcome else {
            Issue.record("expected a backend error, got \(result.allCases.map(\.outcome))")
            return
        }
        #expect(error.kind == "BackendError")
        #expect(error.description.contains("the tenant refused the group"), "\(error)")
        #expect(timeline.entries == ["start", "arrange", "terminate"], "no initialize, and nothing to tear down: \(timeline.entries)")
    }

    @Test func withATenantOfItsOwnAFailedArrangementStartsNoIntegrationAndHoldsUpNoLaterCase() async throws {
        let timeline = SeamTimeline()
        let fault = BackendFault(request: "POST /groups", message: "the tenant refused the group")
        let cases = (1...3).map { RunnerLogicTests.yamlCase(id: "c\($0)", "do: app.launch") }.joined(separator: "\n")
        let result = try await RunnerLogicTests.run(cases, integration: TimedIntegration(timeline: timeline),
                                                    backend: InMemoryBackend(arrangeFault: fault, timeline: timeline))
        #expect(RunnerLogicTests.outcomes(result) == ["errored", "errored", "errored"], "\(result.allCases.map(\.outcome))")
        #expect(!timeline.entries.contains("start"), "\(timeline.entries)")
    }

    @Test func onASharedTenantAnIntegrationThatCannotStartCostsNoTenant() async throws {
        let timeline = SeamTimeline()
        let result = try await RunnerLogicTests.run(
            Self.oneCase, integration: TimedIntegration(timeline: timeline, launchFault: .launchFailed("no such file: ./adapter")),
            backend: Self.sharedTenant(timeline))
        guard case .errored(let error, _) = result.allCases.first?.outcome else {
            Issue.record("expected the adapter to be unusable, got \(result.allCases.map(\.outcome))")
            return
        }
        #expect(error.kind == "AdapterUnusable")
        #expect(timeline.entries == ["start"], "\(timeline.entries)")
    }

    @Test func withATenantOfItsOwnTheTenantOfAnIntegrationThatCannotStartIsTornDown() async throws {
        let timeline = SeamTimeline()
        let result = try await RunnerLogicTests.run(
            Self.oneCase, integration: TimedIntegration(timeline: timeline, launchFault: .launchFailed("no such file: ./adapter")),
            backend: InMemoryBackend(timeline: timeline))
        guard case .errored(let error, _) = result.allCases.first?.outcome else {
            Issue.record("expected the adapter to be unusable, got \(result.allCases.map(\.outcome))")
            return
        }
        #expect(error.kind == "AdapterUnusable")
        #expect(timeline.entries == ["arrange", "start", "teardown"], "\(timeline.entries)")
    }

    @Test func aCaseSkippedBeforeItsTurnHoldsUpNoLaterCase() async throws {
        let backend = InMemoryBackend(capabilities: Set(BackendCapability.allCases).subtracting([.faults]))
        let cases = [
            RunnerLogicTests.yamlCase(id: "first", "do: app.launch"),
            RunnerLogicTests.yamlCase(id: "needs-faults", "backend: {fault: mam.enroll, status: 503, times: 1}", "do: app.launch"),
            RunnerLogicTests.yamlCase(id: "after", "do: app.launch"),
        ].joined(separator: "\n")
        for jobs in [1, 2] {
            let result = try await RunnerLogicTests.run(cases, integration: ScriptedIntegration(), backend: backend, jobs: jobs)
            #expect(RunnerLogicTests.outcomes(result) == ["passed", "skipped", "passed"], "--jobs \(jobs): \(result.allCases.map(\.outcome))")
        }
    }

    /// A run of `cases` with `--jobs` `jobs`, whose held cases go on once `arranged` tenants exist while `jobs`
    /// integrations are alive.
    struct Pipeline: Sendable, CustomTestStringConvertible {
        var jobs: Int
        var cases: Int
        var arranged: Int
        var testDescription: String { "--jobs \(jobs)" }
    }

    static let pipelines = [
        // Serial: the running case's tenant, and the next case's (the first case's is there too).
        Pipeline(jobs: 1, cases: 4, arranged: 3),
        // Two at a time: every tenant at once, while both slots are busy.
        Pipeline(jobs: 2, cases: 5, arranged: 5),
    ]

    @Test(arguments: pipelines)
    func casesArrangeTheirTenantsWhileTheSlotsAreBusyAndRunNoMoreIntegrationsThanJobs(_ pipeline: Pipeline) async throws {
        // After the first case (which runs alone), every case holds its app.launch until `jobs` integrations are alive
        // and `arranged` tenants exist: only cases that arrange while the slots are busy get there.
        let timeline = SeamTimeline()
        let door = OpenOnce()
        let watch = PipelineWatch(door: door, arranged: pipeline.arranged, alive: pipeline.jobs)
        let backend = InMemoryBackend(timeline: timeline, onArrange: { watch.arranged($0) })
        let integration = TimedIntegration(timeline: timeline, holdLaunchesAfterTheFirst: door, onStart: { watch.alive($0) })
        let cases = (1...pipeline.cases).map { RunnerLogicTests.yamlCase(id: "c\($0)", "do: app.launch") }.joined(separator: "\n")
        let result = try await RunnerLogicTests.run(cases, integration: integration, backend: backend, jobs: pipeline.jobs)
        #expect(RunnerLogicTests.outcomes(result) == Array(repeating: "passed", count: pipeline.cases), "\(result.allCases.map(\.outcome))")
        #expect(integration.sessions.peak == pipeline.jobs, "no more integrations at a time than --jobs says")
    }

    @Test func aLongLivedHostIsConnectedOnlyOnceItsTenantIsArranged() async throws {
        let timeline = SeamTimeline()
        let result = try await RunnerLogicTests.run(Self.oneCase, integration: TimedIntegration(timeline: timeline, isolation: .resetBetweenCases),
                                                    backend: InMemoryBackend(timeline: timeline))
        #expect(RunnerLogicTests.outcomes(result) == ["passed"])
        #expect(timeline.entries.prefix(4) == ["arrange", "start", "initialize", "reset"], "\(timeline.entries)")
    }
}

/// A door that opens once; who waits for it gives up at a deadline (so a broken runner fails a test, never hangs it).
final class OpenOnce: Sendable {
    private struct State {
        var isOpen = false
        var waiting: [CheckedContinuation<Bool, Never>] = []
    }
    private let state = Mutex(State())

    func open() {
        let waiting = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            state.isOpen = true
            defer { state.waiting.removeAll() }
            return state.waiting
        }
        for waiter in waiting { waiter.resume(returning: true) }
    }

    /// True once open; false when `deadline` passes first.
    func wait(deadline: Duration) async -> Bool {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state -> Bool in
                if !state.isOpen { state.waiting.append(continuation) }
                return state.isOpen
            }
            if isOpen { return continuation.resume(returning: true) }
            let timer = DispatchWorkItem { [self] in
                let late = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
                    defer { state.waiting.removeAll() }
                    return state.waiting
                }
                for waiter in late { waiter.resume(returning: false) }
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + deadline.inSeconds, execute: timer)
        }
    }
}

/// Opens `door` once `arranged` tenants exist while `alive` integrations run.
final class PipelineWatch: Sendable {
    private let door: OpenOnce
    private let goal: (arranged: Int, alive: Int)
    private let seen = Mutex((arranged: 0, alive: 0))

    init(door: OpenOnce, arranged: Int, alive: Int) {
        self.door = door
        goal = (arranged, alive)
    }

    func arranged(_ count: Int) { check { $0.arranged = count } }
    func alive(_ count: Int) { check { $0.alive = count } }

    private func check(_ change: (inout (arranged: Int, alive: Int)) -> Void) {
        let reached = seen.withLock { seen -> Bool in
            change(&seen)
            return seen.arranged >= goal.arranged && seen.alive >= goal.alive
        }
        if reached { door.open() }
    }
}

/// ``ScriptedIntegration`` that notes its starts, every request its sessions get, and their ends.
struct TimedIntegration: SDKAdapterFactory {
    let timeline: SeamTimeline
    var isolation: AdapterIsolation = .freshProcess
    var launchFault: AdapterFault?
    /// Sessions after the first hold `app.launch` until this opens (failing it if it does not open in time).
    var holdLaunchesAfterTheFirst: OpenOnce?
    /// Told how many integrations are alive, after each start.
    var onStart: (@Sendable (Int) -> Void)?
    let sessions = LiveSessions()
    var description: String { "timed scripted integration" }

    func start(dataDirectory: String, handler: any InboundHandler) async throws(AdapterFault) -> any SDKAdapterSession {
        timeline.note("start")
        let inner = try await ScriptedIntegration(launchFault: launchFault).start(dataDirectory: dataDirectory, handler: handler)
        sessions.started()
        onStart?(sessions.current)
        let first = timeline.entries.filter { $0 == "start" }.count == 1
        return Session(inner: inner, timeline: timeline, sessions: sessions, hold: first ? nil : holdLaunchesAfterTheFirst)
    }

    struct Session: SDKAdapterSession {
        let inner: any SDKAdapterSession
        let timeline: SeamTimeline
        let sessions: LiveSessions
        let hold: OpenOnce?

        func request(_ method: String, params: JSONValue, timeout: Duration) async throws(AdapterFault) -> JSONValue {
            timeline.note(method)
            if method == RunnerMethod.appLaunch.rawValue, let hold, await !hold.wait(deadline: .seconds(10)) {
                throw .rejected(method: method, error: RPCError(.actionFailed, "the hold was never released"))
            }
            return try await inner.request(method, params: params, timeout: timeout)
        }

        func terminate(grace: Duration) async -> AdapterTermination {
            timeline.note("terminate")
            sessions.ended()
            return await inner.terminate(grace: grace)
        }
    }
}
