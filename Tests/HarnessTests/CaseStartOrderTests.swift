import AdapterProtocol
import ConformanceCore
import Foundation
import Synchronization
import Testing

/// When a case starts its integration, next to when it arranges its tenant. A fresh process loads while the tenant
/// is arranged (issue 30: the two no longer wait on each other), but it hears nothing before `initialize`, a failed
/// arrangement ends it, and an integration that cannot start costs no tenant. A long-lived host keeps the old
/// order: it is connected only once its tenant is ready.
@Suite struct CaseStartOrderTests {
    static let oneCase = RunnerLogicTests.yamlCase(id: "c", "do: app.launch")

    @Test func aFreshIntegrationStartsBeforeItsTenantIsArrangedAndHearsNothingUntilInitialize() async throws {
        let timeline = SeamTimeline()
        let result = try await RunnerLogicTests.run(Self.oneCase, integration: TimedIntegration(timeline: timeline),
                                                    backend: TimedBackend(timeline: timeline))
        #expect(RunnerLogicTests.outcomes(result) == ["passed"])
        #expect(timeline.entries == ["start", "arrange", "initialize", "app.launch", "sync", "terminate", "teardown"],
                "\(timeline.entries)")
    }

    @Test func aFailedArrangementEndsTheIntegrationItStartedAndErrsTheCaseAsTheBackends() async throws {
        let timeline = SeamTimeline()
        let fault = BackendFault(request: "POST /groups", message: "the tenant refused the group")
        let result = try await RunnerLogicTests.run(Self.oneCase, integration: TimedIntegration(timeline: timeline),
                                                    backend: TimedBackend(timeline: timeline, arrangeFault: fault))
        guard case .errored(let error, _) = result.allCases.first?.outcome else {
            Issue.record("expected a backend error, got \(result.allCases.map(\.outcome))")
            return
        }
        #expect(error.kind == "BackendError")
        #expect(error.description.contains("the tenant refused the group"), "\(error)")
        #expect(timeline.entries == ["start", "arrange", "terminate"], "no initialize, and nothing to tear down: \(timeline.entries)")
    }

    @Test func anIntegrationThatCannotStartCostsNoTenant() async throws {
        let timeline = SeamTimeline()
        let backend = TimedBackend(timeline: timeline)
        let result = try await RunnerLogicTests.run(
            Self.oneCase, integration: TimedIntegration(timeline: timeline, launchFault: .launchFailed("no such file: ./adapter")),
            backend: backend)
        guard case .errored(let error, _) = result.allCases.first?.outcome else {
            Issue.record("expected the adapter to be unusable, got \(result.allCases.map(\.outcome))")
            return
        }
        #expect(error.kind == "AdapterUnusable")
        #expect(timeline.entries == ["start"], "\(timeline.entries)")
    }

    @Test func aLongLivedHostIsConnectedOnlyOnceItsTenantIsArranged() async throws {
        let timeline = SeamTimeline()
        let result = try await RunnerLogicTests.run(Self.oneCase, integration: TimedIntegration(timeline: timeline, isolation: .resetBetweenCases),
                                                    backend: TimedBackend(timeline: timeline))
        #expect(RunnerLogicTests.outcomes(result) == ["passed"])
        #expect(timeline.entries.prefix(4) == ["arrange", "start", "initialize", "reset"], "\(timeline.entries)")
    }
}

/// The runner's calls into both seams, in the order they were made.
final class SeamTimeline: Sendable {
    private let calls = Mutex<[String]>([])
    func note(_ call: String) { calls.withLock { $0.append(call) } }
    var entries: [String] { calls.withLock { $0 } }
}

/// ``InMemoryBackend`` that notes its arrangements and teardowns, and can refuse to arrange.
struct TimedBackend: BackendDriver {
    let inner = InMemoryBackend()
    let timeline: SeamTimeline
    var arrangeFault: BackendFault?

    var description: String { inner.description }
    var capabilities: Set<BackendCapability> { inner.capabilities }
    var observation: ObservationBudget { inner.observation }
    func checkReachable() async throws(BackendFault) { try await inner.checkReachable() }
    func arrange(_ request: TenantRequest, transcript: Transcript) async throws(BackendFault) -> TenantHandle {
        timeline.note("arrange")
        if let arrangeFault { throw arrangeFault }
        return try await inner.arrange(request, transcript: transcript)
    }
    func perform(_ action: BackendAction, on tenant: TenantHandle, transcript: Transcript) async throws(BackendFault) {
        try await inner.perform(action, on: tenant, transcript: transcript)
    }
    func registrations(_ tenant: TenantHandle, transcript: Transcript) async throws(BackendFault) -> [BackendRegistration] {
        try await inner.registrations(tenant, transcript: transcript)
    }
    func journal(_ tenant: TenantHandle, transcript: Transcript) async throws(BackendFault) -> [JournalEntry] {
        try await inner.journal(tenant, transcript: transcript)
    }
    func teardown(_ tenant: TenantHandle) async {
        timeline.note("teardown")
        await inner.teardown(tenant)
    }
}

/// ``ScriptedIntegration`` that notes its starts, every request its sessions get, and their ends.
struct TimedIntegration: SDKAdapterFactory {
    let timeline: SeamTimeline
    var isolation: AdapterIsolation = .freshProcess
    var launchFault: AdapterFault?
    var description: String { "timed scripted integration" }

    func start(dataDirectory: String, handler: any InboundHandler) async throws(AdapterFault) -> any SDKAdapterSession {
        timeline.note("start")
        let inner = try await ScriptedIntegration(launchFault: launchFault).start(dataDirectory: dataDirectory, handler: handler)
        return Session(inner: inner, timeline: timeline)
    }

    struct Session: SDKAdapterSession {
        let inner: any SDKAdapterSession
        let timeline: SeamTimeline

        func request(_ method: String, params: JSONValue, timeout: Duration) async throws(AdapterFault) -> JSONValue {
            timeline.note(method)
            return try await inner.request(method, params: params, timeout: timeout)
        }

        func terminate(grace: Duration) async -> AdapterTermination {
            timeline.note("terminate")
            return await inner.terminate(grace: grace)
        }
    }
}
