import AdapterProtocol
import ConformanceCore
import Foundation
import SuiteLoader
import TestSupport
import Testing

/// Protocol 0 works as it promised: an adapter written for it answers `-32601` to every method that came later,
/// as protocol 0 told it to, and each such answer skips the case (the area is not offered) instead of erroring
/// it and spending the restart budget. For a method protocol 0 had, or an adapter of protocol 1, `-32601` stays
/// an error.
@Suite(.serialized) struct Protocol0Tests {
    /// An independent protocol-0 adapter in front of an integration: protocol 0's methods, events and questions
    /// only, `-32601` for everything else (Tests/HarnessTests/Data/adapters/protocol0_adapter.py).
    static let adapter = "\(Repository.testData)/adapters/protocol0_adapter.py"

    static func unknownToIt(_ method: String) -> AdapterFault {
        .rejected(method: method, error: RPCError(.methodNotFound, "unknown method \(method)"))
    }

    /// An in-process integration of `version` that answers `-32601` to `method` and `{}` to everything else.
    static func integration(_ version: ProtocolVersion, lacking method: RunnerMethod) -> ScriptedIntegration {
        var integration = ScriptedIntegration(capabilities: version == .v0 ? Capability.protocol0 : Set(Capability.allCases)) { name, _, _ throws(AdapterFault) in
            if name == method.rawValue { throw unknownToIt(name) }
            return [:]
        }
        integration.protocolVersion = version
        return integration
    }

    @Test(arguments: [
        // app.notify came after protocol 0: its area is not offered.
        (ProtocolVersion.v0, RunnerMethod.appNotify, "do: app.notify\nwith: {accountId: $alice, title: t, body: b}", "skipped"),
        // A protocol-1 adapter was told of app.notify; without its area it declares no app.notifications.
        (ProtocolVersion.v1, RunnerMethod.appNotify, "do: app.notify\nwith: {accountId: $alice, title: t, body: b}", "errored"),
        // Protocol 0 had sdk.registeredAccounts: an adapter of protocol 0 that does not know it is broken.
        (ProtocolVersion.v0, RunnerMethod.sdkRegisteredAccounts, "check: sdk.registeredAccounts\nis: {accountIds: []}", "errored"),
    ])
    func aMethodNotFoundAnswerSkipsTheCaseOnlyWhenTheAdaptersProtocolPredatesTheMethod(
        version: ProtocolVersion, method: RunnerMethod, step: String, label: String
    ) async throws {
        let integration = Self.integration(version, lacking: method)
        let result = try await RunnerLogicTests.run(RunnerLogicTests.yamlCase("do: app.launch", step), integration: integration)
        #expect(RunnerLogicTests.outcomes(result) == [label], "\(result.allCases.map(\.outcome))")
        switch result.allCases.first?.outcome {
        case .skipped(let reason, let kind)?:
            #expect(kind == .integrationCapability, "an area the integration does not offer counts against --fail-on-skip")
            #expect(reason.contains("does not support \(method.rawValue)"), "\(reason)")
            #expect(reason.contains("protocol 0"), "the reason names the protocol that lacks the method: \(reason)")
        case .errored(let error, _)?:
            #expect(error.isIntegrationFault)
            #expect(error.description.contains(method.rawValue), "\(error)")
        default:
            break
        }
    }

    @Test func skipsForMethodsProtocol0LackedNeverSpendTheRestartBudget() async throws {
        let integration = Self.integration(.v0, lacking: .appNotify)
        let cases = (1...5).map { RunnerLogicTests.yamlCase(id: "c\($0)", "do: app.launch", "do: app.notify\nwith: {accountId: $alice, title: t, body: b}") }
        let result = try await RunnerLogicTests.run(cases.joined(separator: "\n"), integration: integration, restartBudget: 2)
        #expect(RunnerLogicTests.outcomes(result) == Array(repeating: "skipped", count: 5))
        #expect(result.infrastructureProblems.isEmpty, "\(result.infrastructureProblems)")
        #expect(integration.requests.all.filter { $0 == RunnerMethod.appNotify.rawValue }.count == 5, "every case was run")
    }

    /// The shim's lists are protocol 0's own (from its documentation); the vocabulary's record must agree.
    @Test func theVocabularyRecordsProtocol0AsItsDocumentationDefinedIt() async throws {
        let printed = try await runCommand(["python3", Self.adapter, "--print-protocol"], mergingStandardError: false)
        #expect(printed.status == 0)
        let lists = try JSONDecoder().decode([String: [String]].self, from: Data(printed.output.utf8))
        #expect(Set(lists["methods"] ?? []) == Set(RunnerMethod.allCases.filter { $0.since == .v0 }.map(\.rawValue)))
        #expect(Set(lists["events"] ?? []) == Set(EventMethod.allCases.filter { $0.since == .v0 }.map(\.rawValue)))
        #expect(Set(lists["questions"] ?? []) == Set(Question.allCases.filter { $0.since == .v0 }.map(\.rawValue)))
        #expect(Set(lists["capabilities"] ?? []) == Set(Capability.protocol0.map(\.rawValue)))
        #expect(lists["methods"]?.count == 30)
    }

    /// Areas protocol 0 already had, which the integration behind the adapter does not offer: it answers `-32002`.
    static let lacking: [Capability] = [.allowedAccounts, .appConfig]

    /// Every suite through the independent protocol-0 adapter in front of the reference (which lacks two areas of
    /// protocol 0's day): no error, no failure; a case that uses a method protocol 0 did not have is skipped naming
    /// it and protocol 0, one that needs a lacking area is skipped on its `-32002`, and every other case gets the
    /// clean reference's verdict. Nothing spends the restart budget.
    @Test func everySuiteThroughAProtocol0AdapterPassesOrSkipsWhatItDoesNotOfferWithTheReason() async throws {
        let suites = try EndToEnd.loadSuites()
        let behind = [try EndToEnd.referenceExecutable()] + Self.lacking.flatMap { ["--disable-capability", $0.rawValue] }
        let run = try await EndToEnd.run(suites, command: ["python3", Self.adapter, "--"] + behind, jobs: 2)
        #expect(run.result.infrastructureProblems.isEmpty, "\(run.result.infrastructureProblems)")
        let counts = run.result.counts
        #expect(counts.errored == 0 && counts.failed == 0, "\(counts.errored) errored, \(counts.failed) failed")
        var later = 0, unsupported = 0
        for suite in suites {
            for testCase in suite.cases {
                let key = "\(suite.id)/\(testCase.id)"
                let result = try #require(run.result.allCases.first { $0.suiteId == suite.id && $0.caseId == testCase.id }, "\(key) has no result")
                let laterMethods = Set(testCase.steps.compactMap { step -> RunnerMethod? in
                    switch step.kind {
                    case .action(let method, _, _), .check(let method, _, _): return method.since > .v0 ? method : nil
                    default: return nil
                    }
                })
                // A lacking area is refused where the case asks the integration for it (a backend action of the area
                // asks nothing of it).
                let needsLacking = testCase.steps.contains { step in
                    switch step.kind {
                    case .action(let method, _, _), .check(let method, _, _): return method.capability.map(Self.lacking.contains) ?? false
                    default: return false
                    }
                }
                if EndToEnd.cleanVerdict(key) == "skipped" {
                    #expect(result.outcome.label == "skipped", "\(key): \(result.outcome)")
                    continue
                }
                if laterMethods.isEmpty && !needsLacking {
                    #expect(result.outcome.label == "passed", "\(key): \(result.outcome)")
                    continue
                }
                guard case .skipped(let reason, _) = result.outcome else {
                    Issue.record("\(key) uses \(laterMethods.map(\.rawValue).sorted()) or a lacking area but was \(result.outcome)")
                    continue
                }
                #expect(reason.contains("does not support"), "\(key): \(reason)")
                if reason.contains("protocol 0") {
                    later += 1
                    #expect(laterMethods.contains { reason.contains("does not support \($0.rawValue)") }, "\(key): \(reason)")
                } else {
                    unsupported += 1
                    #expect(needsLacking && Self.lacking.contains { reason.contains($0.rawValue) }, "\(key): \(reason)")
                }
            }
        }
        #expect(later >= 20, "cases skipped for a method that came after protocol 0: \(later)")
        #expect(unsupported >= 10, "cases skipped on -32002: \(unsupported)")
    }
}
