import AdapterProtocol
import ConformanceCore
import Foundation
@testable import SuiteLoader
import Testing

/// The raw-message step sends what no typed step may: a method the protocol does not define, or params a method's
/// type cannot take, and expects the integration's error answer (its code) instead of a result. Judged against an
/// integration in the test process (``ScriptedIntegration``), so each rule takes milliseconds.
@Suite struct RawMessageStepTests {
    static let here = SourceLocation(file: "bundled/raw.yaml", line: 7, column: 9)

    /// Runs one case whose only step is `kind` and returns its outcome.
    static func outcome(of kind: StepKind, integration: ScriptedIntegration) async throws -> CaseOutcome {
        let (tenant, policies, errors) = SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: nil)
            .fixtures(tenant: "contoso", policies: ["no-pin"])
        try #require(errors.isEmpty, "\(errors)")
        let testCase = TestCase(
            id: "raw", title: "raw", requirements: [], tenant: try #require(tenant), policies: policies, settings: [:],
            capabilities: [], steps: [Step(kind: kind, location: here)], location: here)
        let suite = Suite(id: "raw", title: "raw", requirements: [], cases: [testCase], location: here)
        let folder = NSTemporaryDirectory() + "mamconf-raw-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let runner = Runner(adapter: integration, backend: InMemoryBackend(), reporters: [],
                            configuration: RunConfiguration(stepTimeout: .seconds(30), workDirectory: folder))
        let result = await runner.run([suite])
        return try #require(result.allCases.first).outcome
    }

    /// An integration that answers every request with `code` (or a result, when nil).
    static func answering(_ code: ErrorCode?) -> ScriptedIntegration {
        ScriptedIntegration { method, _, _ throws(AdapterFault) in
            guard let code else { return ["done": true] }
            throw AdapterFault.rejected(method: method, error: RPCError(code, "scripted \(code.meaning)"))
        }
    }

    static let undefined = RawMethod.undefined("adapterCheck.noSuchMethod")
    static let unfitParams: JSONValue = ["accountId": 42]

    @Test(arguments: [
        // The expected code passes, whatever its message says.
        (ErrorCode?.some(.methodNotFound), ErrorCode.methodNotFound, "passed", ""),
        // Another code fails, naming both codes and what the expected one means.
        (.some(.internalError), .methodNotFound, "failed", "answered -32603 instead of -32601 (unknown method): scripted"),
        (.some(.invalidParams), .methodNotFound, "failed", "answered -32602 instead of -32601"),
        // A result where an error was due fails, showing the result.
        (nil, .methodNotFound, "failed", "answered with a result instead of error -32601: {\"done\":true}"),
    ])
    func anUndefinedMethodIsJudgedByTheCodeOfTheErrorItIsAnswered(answer: ErrorCode?, expected: ErrorCode, outcome: String, message: String) async throws {
        let result = try await Self.outcome(of: .sendRaw(Self.undefined, params: [:], expectedError: expected), integration: Self.answering(answer))
        #expect(result.label == outcome, "\(result)")
        if case .failed(let failure) = result {
            #expect(failure.message.contains(Self.undefined.name), "\(failure.message)")
            #expect(failure.message.contains(message), "\(failure.message)")
            #expect(failure.location.line == Self.here.line)
        }
    }

    @Test func theParamsGoOutAsWrittenEvenWhenTheMethodsTypeCannotTakeThem() async throws {
        let integration = ScriptedIntegration { method, params, _ throws(AdapterFault) in
            guard params == Self.unfitParams else { return [:] }
            throw AdapterFault.rejected(method: method, error: RPCError(.invalidParams, "accountId is not a string"))
        }
        let result = try await Self.outcome(
            of: .sendRaw(.defined(.sdkRegisterAndEnroll), params: Self.unfitParams, expectedError: .invalidParams), integration: integration)
        #expect(result.label == "passed", "\(result)")
        #expect(integration.requests.all.contains(RunnerMethod.sdkRegisterAndEnroll.rawValue))
    }

    @Test func anIntegrationThatStopsAnsweringIsAnErrorNotAFailedExpectation() async throws {
        let silent = ScriptedIntegration { method, _, _ throws(AdapterFault) in throw AdapterFault.timeout(method: method, after: .seconds(30)) }
        let result = try await Self.outcome(of: .sendRaw(Self.undefined, params: [:], expectedError: .methodNotFound), integration: silent)
        guard case .errored(.integration(.timeout, let location), _) = result else {
            Issue.record("expected an integration error, got \(result)")
            return
        }
        #expect(location?.line == Self.here.line)
    }

    /// A feature area the integration does not offer is `-32002` whatever the params hold: like every other step
    /// that asks for it, the case is skipped, not failed.
    @Test func aMethodOfAnAreaNotOfferedSkipsTheCase() async throws {
        let result = try await Self.outcome(
            of: .sendRaw(.defined(.appShare), params: ["to": 42], expectedError: .invalidParams), integration: Self.answering(.unsupported))
        guard case .skipped(let reason, .integrationCapability) = result else {
            Issue.record("expected a capability skip, got \(result)")
            return
        }
        #expect(reason.contains(RunnerMethod.appShare.rawValue), "\(reason)")
    }

    @Test func theStepLabelNamesTheMethodAndTheCodeItExpects() {
        let label = StepKind.sendRaw(Self.undefined, params: [:], expectedError: .methodNotFound).label
        #expect(label == "send_raw adapterCheck.noSuchMethod expecting error -32601")
    }

    /// The step's method decides the capability a case needs, as for an action: a case probing an area the
    /// integration does not declare is skipped before it starts.
    static let needs: [(RawMethod, Set<Capability>)] = [(.defined(.appShare), [.dataTransfer]), (.defined(.sdkRegisterAndEnroll), []), (.undefined("x.y"), [])]

    @Test(arguments: RawMessageStepTests.needs)
    func aRawStepNeedsTheCapabilityOfItsMethod(method: RawMethod, needs: Set<Capability>) {
        let step = Step(kind: .sendRaw(method, params: [:], expectedError: .invalidParams), location: Self.here)
        #expect(SuiteParser.capabilities(implied: step) == needs)
    }
}
