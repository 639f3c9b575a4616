import AdapterProtocol
import ConformanceCore
import Foundation
@testable import MamconfCLI
@testable import RunReporters
import SuiteLoader
import Testing

/// What a person reads when the gate says no: the file that is wrong, cases not run told apart from cases that
/// failed, the query a failed check made, and events without the members nobody sent a value for.
@Suite struct GateMessageTests {
    static func result(_ id: String, _ outcome: CaseOutcome) -> CaseResult {
        CaseResult(suiteId: "s", caseId: id, title: "", requirements: [], location: SourceLocation(file: "Suites/s.yaml", line: 3, column: 5),
                   outcome: outcome, duration: .zero, transcript: [])
    }

    @Test(arguments: [
        ([SuiteError(SourceLocation(file: "tenant.yaml", line: 2, column: 3), "x")], "1 error(s) in tenant.yaml; nothing was run"),
        ([SuiteError(SourceLocation(file: "known.yaml", line: 1, column: 1), "x"), SuiteError(SourceLocation(file: "known.yaml", line: 4, column: 1), "y")],
         "2 error(s) in known.yaml; nothing was run"),
        ([SuiteError(SourceLocation(file: "Suites/a.yaml", line: 1, column: 1), "x"), SuiteError(SourceLocation(file: "known.yaml", line: 4, column: 1), "y")],
         "2 error(s) in Suites/a.yaml, known.yaml; nothing was run"),
    ])
    func inputErrorsNameTheFilesTheyAreIn(errors: [SuiteError], message: String) {
        #expect(SuiteOptions.summary(of: errors) == message)
    }

    @Test func whenNothingRanTheTallySaysNotRunAndErroredNotFailed() async throws {
        let unusable = CaseError.adapterUnusable(.launchFailed("no such program"))
        let results = [Self.result("a", .errored(unusable, details: ""))]
            + (1...4).map { Self.result("n\($0)", .errored(.notRun("the adapter cannot start"), details: "")) }
        let lines = try await ConsoleReporterTests.run(results)
        #expect(lines.contains("0 passed, 0 failed, 1 errored, 4 not run, 0 skipped"), "\(lines)")
        #expect(!lines.contains { $0.contains("5 failed") }, "\(lines)")
    }

    @Test func aFailedCheckNamesTheQueryItMade() async throws {
        let integration = ScriptedIntegration { method, _, _ in
            method == RunnerMethod.sdkPolicy.rawValue ? ["managed": false] : [:]
        }
        let result = try await RunnerLogicTests.run(
            RunnerLogicTests.yamlCase("check: sdk.policy\nwith: {accountId: $alice}\nis: {managed: true}"), integration: integration)
        let failure = try #require(RunnerLogicTests.failure(result), "\(RunnerLogicTests.outcomes(result))")
        #expect(failure.message.hasPrefix("sdk.policy {\"accountId\":\"$alice\"} does not match: managed"), "\(failure.message)")
        #expect(failure.details.contains("query: sdk.policy {\"accountId\":\"$alice\"}"), "\(failure.details)")
    }

    @Test func anSDKCallEventListsOnlyTheMembersItHas() {
        let params = JSONValue(encoding: SDKCallEvent(api: "registerAndEnrollAccountId", accountId: AccountID("6c4f")))
        #expect(params.compactText.contains("null"), "the wire form spells every absent member as null")
        let event = ObservedEvent(sequence: 3, method: EventMethod.sdkCall.rawValue, params: params, elapsed: .milliseconds(100))
        #expect(event.summary == "sdk call registerAndEnrollAccountId {\"accountId\":\"6c4f\",\"api\":\"registerAndEnrollAccountId\"}")
    }
}
