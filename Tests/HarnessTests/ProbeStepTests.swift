import AdapterProtocol
import ConformanceCore
import Foundation
@testable import SuiteLoader
import Synchronization
import Testing

/// The probe step hands a code-defined check (``AdapterProbe``) the case's own session after the runner's
/// `initialize`, and its verdict becomes the case's like any step's. Judged against an integration in the test
/// process (``ScriptedIntegration``), so each rule takes milliseconds.
@Suite struct ProbeStepTests {
    static let here = SourceLocation(file: "bundled/probe", line: 4, column: 1)

    /// A probe with a fixed verdict that keeps what it was given.
    struct FixedProbe: AdapterProbe {
        let verdict: ProbeVerdict
        var endsSession = false
        let seen = Seen()
        var name: String { "fixed" }

        final class Seen: Sendable {
            let context = Mutex<(protocolVersion: String, timeout: Duration, answer: JSONValue?)?>(nil)
        }

        func judge(_ context: ProbeContext) async -> ProbeVerdict {
            // The session is the case's: the probe's own request reaches the same integration.
            let answer = try? await context.session.request(RunnerMethod.appState.rawValue, params: [:], timeout: context.timeout)
            seen.context.withLock { $0 = (context.integration.protocolVersion, context.timeout, answer) }
            return verdict
        }
    }

    /// Runs one case of `steps` and returns its result.
    static func result(of steps: [StepKind], integration: ScriptedIntegration, deadlineScale: Double = 1) async throws -> CaseResult {
        let (tenant, policies, errors) = SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: nil)
            .fixtures(tenant: "contoso", policies: ["no-pin"])
        try #require(errors.isEmpty, "\(errors)")
        let testCase = TestCase(
            id: "probe", title: "probe", requirements: [], tenant: try #require(tenant), policies: policies, settings: [:],
            capabilities: [], steps: steps.map { Step(kind: $0, location: here) }, location: here)
        let suite = Suite(id: "probe", title: "probe", requirements: [], cases: [testCase], location: here)
        let folder = NSTemporaryDirectory() + "mamconf-probe-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let runner = Runner(adapter: integration, backend: InMemoryBackend(), reporters: [],
                            configuration: RunConfiguration(stepTimeout: .seconds(30), deadlineScale: deadlineScale, workDirectory: folder))
        return try #require(await runner.run([suite]).allCases.first)
    }

    static func stateAnswering() -> ScriptedIntegration {
        ScriptedIntegration { method, _, _ throws(AdapterFault) in method == RunnerMethod.appState.rawValue ? ["probed": true] : [:] }
    }

    @Test func aPassingProbePassesTheCaseAndLeavesItsSummaryInTheResult() async throws {
        let probe = FixedProbe(verdict: .passed(summary: "saw what it wanted"))
        let result = try await Self.result(of: [.probe(probe)], integration: Self.stateAnswering(), deadlineScale: 2)
        #expect(result.outcome.label == "passed", "\(result.outcome)")
        #expect(result.summary == "saw what it wanted")
        #expect(result.transcript.contains { $0.contains("probe fixed passed: saw what it wanted") }, "\(result.transcript)")
        let seen = try #require(probe.seen.context.withLock { $0 })
        #expect(seen.protocolVersion == ProtocolVersion.current.rawValue, "the integration as initialize described it")
        #expect(seen.timeout == .seconds(60), "the step deadline with --deadline-scale applied")
        #expect(seen.answer == ["probed": true], "the probe's request reached the case's integration")
    }

    @Test func aFailingProbeFailsTheCaseAtItsStepWithItsMessage() async throws {
        let result = try await Self.result(of: [.probe(FixedProbe(verdict: .failed("sync answered too early")))], integration: Self.stateAnswering())
        guard case .failed(let failure) = result.outcome else {
            Issue.record("expected a failure, got \(result.outcome)")
            return
        }
        #expect(failure.message == "sync answered too early")
        #expect(failure.location.line == Self.here.line)
        #expect(result.summary == nil)
    }

    /// A probe that ends the session (`shutdown`) leaves nothing to send to: the case's trailing `sync` is not sent.
    @Test(arguments: [(false, true), (true, false)])
    func theTrailingSyncIsSentUnlessTheProbeEndedTheSession(endsSession: Bool, syncAfter: Bool) async throws {
        let integration = Self.stateAnswering()
        let result = try await Self.result(of: [.probe(FixedProbe(verdict: .passed(summary: "ok"), endsSession: endsSession))], integration: integration)
        #expect(result.outcome.label == "passed", "\(result.outcome)")
        let afterProbe = integration.requests.all.drop { $0 != RunnerMethod.appState.rawValue }.dropFirst()
        #expect(afterProbe.contains(RunnerMethod.sync.rawValue) == syncAfter, "\(integration.requests.all)")
    }

    /// Only a probe or a raw-message step leaves a summary: an ordinary case's result (and so its report) is as before.
    @Test(arguments: [
        ([StepKind.action(method: .appLaunch, params: [:], result: nil)], String?.none),
        ([.sendRaw(.undefined("adapterCheck.noSuchMethod"), params: [:], expectedError: .methodNotFound)], "answered -32601: scripted unknown method"),
    ])
    func onlyAProbeOrARawStepLeavesASummary(steps: [StepKind], summary: String?) async throws {
        let integration = ScriptedIntegration { method, _, _ throws(AdapterFault) in
            guard RunnerMethod(rawValue: method) == nil else { return [:] }
            throw AdapterFault.rejected(method: method, error: RPCError(.methodNotFound, "scripted unknown method"))
        }
        let result = try await Self.result(of: steps, integration: integration)
        #expect(result.outcome.label == "passed", "\(result.outcome)")
        #expect(result.summary == summary)
    }

    @Test func aProbeNeedsNoCapabilityAndItsLabelNamesIt() {
        let step = Step(kind: .probe(FixedProbe(verdict: .failed("x"))), location: Self.here)
        #expect(step.kind.label == "probe fixed")
        #expect(SuiteParser.capabilities(implied: step).isEmpty)
    }
}
