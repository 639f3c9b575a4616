import AdapterProtocol
import ConformanceCore
import Foundation
@testable import MamconfCLI
@testable import RunReporters
import JUnitXML
import Testing

/// Errors stay typed until a reporter renders them: integration, backend, harness and interruption are
/// different kinds, JUnit says which, and only integration faults count toward the restart budget.
@Suite(.serialized) struct TypedErrorTests {
    static func result(_ outcome: CaseOutcome) -> RunResult {
        let here = SourceLocation(file: "Suites/x.yaml", line: 3, column: 5)
        let caseResult = CaseResult(suiteId: "s", caseId: "c", title: "t", requirements: ["ENR-01"], location: here, outcome: outcome, duration: .zero, transcript: [])
        return RunResult(suites: [SuiteResult(suiteId: "s", title: "t", requirements: ["ENR-01"], started: Date(), duration: .zero, cases: [caseResult])],
                         integration: nil, backend: "mock", harnessVersion: "test")
    }

    @Test(arguments: [
        (CaseError.integration(.exited("exit code 3"), at: nil), "IntegrationError", true),
        (CaseError.adapterUnusable(.launchFailed("no such file")), "AdapterUnusable", true),
        (CaseError.backend(BackendFault(request: "POST http://x/groups", message: "curl error 7")), "BackendError", false),
        (CaseError.harness("bug"), "HarnessError", false),
        (CaseError.interrupted(signal: 2), "Interrupted", false),
        (CaseError.notRun("budget"), "NotRun", false),
    ])
    func eachKindOfErrorIsNamedInJUnitAndOnlyTheIntegrationsCountTowardTheBudget(error: CaseError, type: String, integration: Bool) throws {
        #expect(error.isIntegrationFault == integration)
        let document = JUnitReporter(path: "/dev/null", redactor: Redactor()).document(for: Self.result(.errored(error, details: "last stderr lines:\nboom")))
        let junitCase = try #require(document.suites.first?.cases.first)
        guard case .error(let message, let kind, let details) = junitCase.outcome else {
            Issue.record("expected an <error>, got \(junitCase.outcome)")
            return
        }
        #expect(kind == type)
        #expect(message == "\(error.description) (Suites/x.yaml:3)", "the one-line message names the error and where the case is written")
        #expect(details.hasPrefix("requirements: "), "the body begins with the requirement IDs: \(details)")
        #expect(details.hasSuffix("boom"), "the body ends with the adapter's last stderr lines")
    }

    @Test func strictProtocolFailsTheCaseAtTheFirstMalformedMessageNamingTheMember() async throws {
        let suites = try EndToEnd.loadSuites(suiteIDs: ["first-policy-application"], caseIDs: ["targeted-account-enrolls-and-app-restarts-itself"])
        let command = ["/usr/bin/env", "python3", "\(Repository.testData)/adapters/check_breaker.py", "extra-member", "--", try EndToEnd.referenceExecutable()]
        let lenient = try await EndToEnd.run(suites, command: command)
        #expect(lenient.result.allCases.first?.outcome.label == "passed", "an extra member alone does not fail a lenient run: \(String(describing: lenient.result.allCases.first?.outcome))")
        let strict = try await EndToEnd.run(suites, command: command, strictProtocol: true)
        let outcome = try #require(strict.result.allCases.first?.outcome)
        guard case .failed(let failure) = outcome else {
            Issue.record("a strict run must fail the case, got \(outcome)")
            return
        }
        #expect(failure.message.contains("protocol violation: params.mood: unknown member"), "\(failure.message)")
        #expect(failure.details.contains("\"mood\":\"cheerful\""), "the message is quoted: \(failure.details)")
    }
}

/// Count ranges, backend capabilities and identity maps, judged by the core alone.
@Suite struct CoreRulesTests {
    @Test(arguments: [(CountRange.exactly(2), 2, true), (CountRange.exactly(2), 1, false), (CountRange(min: 0, max: 1), 0, true),
                      (CountRange(min: 0, max: 1), 1, true), (CountRange(min: 0, max: 1), 2, false), (CountRange(min: 3, max: nil), 7, true)])
    func aCountRangeAcceptsWhatItSays(range: CountRange, count: Int, accepted: Bool) {
        #expect(range.contains(count) == accepted)
    }

    @Test func anAccountWithoutDataMayBeListedEmptyOrLeftOut() {
        let schema = RunnerMethod.appState.resultSchema
        #expect(Matcher.mismatch(expected: ["data": ["a1": []]], actual: ["data": [:]], schema: schema) == nil)
        #expect(Matcher.mismatch(expected: ["data": ["a1": []]], actual: ["data": ["A1": []]], schema: schema) == nil)
        #expect(Matcher.mismatch(expected: ["data": ["a1": []]], actual: ["data": ["a1": ["f.txt"]]], schema: schema) != nil)
        #expect(Matcher.mismatch(expected: ["data": ["a1": ["f.txt"]]], actual: ["data": [:]], schema: schema) != nil)
    }
}

/// A backend that is a real tenant's administration API only: no journal, no faults, no clock.
struct AdministrationOnlyBackend: BackendDriver {
    let inner: any BackendDriver
    var description: String { "administration only" }
    var capabilities: Set<BackendCapability> { [] }
    func checkReachable() async throws(BackendFault) { try await inner.checkReachable() }
    var observation: ObservationBudget { inner.observation }
    func arrange(_ request: TenantRequest, transcript: Transcript) async throws(BackendFault) -> TenantHandle {
        try await inner.arrange(request, transcript: transcript)
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
    func teardown(_ tenant: TenantHandle) async { await inner.teardown(tenant) }
}

@Suite(.serialized) struct BackendCapabilityTests {
    @Test func casesNeedingWhatTheBackendLacksAreSkippedWithTheReason() async throws {
        let suites = try EndToEnd.loadSuites(suiteIDs: ["enrollment"])
        let run = try await EndToEnd.run(suites, wrapBackend: { AdministrationOnlyBackend(inner: $0) })
        for suite in suites {
            for testCase in suite.cases {
                let result = try #require(run.result.allCases.first { $0.caseId == testCase.id })
                if testCase.backendNeeds.isEmpty {
                    #expect(result.outcome.label == "passed", "\(testCase.id): \(result.outcome)")
                } else if case .skipped(let reason, _) = result.outcome {
                    #expect(reason.hasPrefix("the backend lacks capability"), "\(reason)")
                } else {
                    Issue.record("\(testCase.id) needs \(testCase.backendNeeds) but was \(result.outcome)")
                }
            }
        }
        let telemetry = try #require(run.result.allCases.first { $0.caseId == "telemetry-sent-by-default" })
        #expect(telemetry.outcome.label == "skipped", "the telemetry positive control skips on a backend that cannot see telemetry")
    }
}

/// A reporter that cannot write its report.
struct FailingReporter: Reporter {
    func caseFinished(_ result: CaseResult) async {}
    func runFinished(_ result: RunResult) async throws { throw CocoaError(.fileWriteNoPermission) }
}

@Suite struct ReportFailureTests {
    @Test func aReportThatCannotBeWrittenIsInTheResultSoTheGateCannotPass() async throws {
        let suites = try EndToEnd.loadSuites(suiteIDs: ["enrollment"], caseIDs: ["registered-accounts-lists-every-account"])
        let run = try await EndToEnd.run(suites, reporters: [FailingReporter()])
        #expect(run.result.counts.passed == 1)
        #expect(run.result.reportFailures.count == 1, "\(run.result.reportFailures)")
    }
}

@Suite struct TranscriptTests {
    @Test func aBabblingIntegrationLosesTheMiddleNeverTheEnd() {
        let transcript = Transcript(redactor: Redactor(), capacity: 10)
        for number in 1...100 { transcript.add("line \(number)") }
        let lines = transcript.lines
        #expect(lines.count == 11)
        #expect(lines.first?.hasSuffix("line 1") == true)
        #expect(lines[7].hasSuffix("line 8"))
        #expect(lines[8] == "[transcript capped: 90 line(s) dropped here]")
        #expect(lines.last?.hasSuffix("line 100") == true)
        #expect(lines[9].hasSuffix("line 99"))
    }
}

@Suite(.serialized) struct DataDirectoryTests {
    @Test func theRunsDataFolderIsTheUsersAlone() async throws {
        let suites = try EndToEnd.loadSuites(suiteIDs: ["enrollment"], caseIDs: ["registered-accounts-lists-every-account"])
        let work = NSTemporaryDirectory() + "mamconf-perm-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: work) }
        let run = try await EndToEnd.run(suites, workDirectory: work, keepData: true)
        #expect(run.result.counts.passed == 1)
        let mode = try FileManager.default.attributesOfItem(atPath: work)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        let store = try #require(FileManager.default.subpaths(atPath: work)?.first { $0.hasSuffix("app.json") })
        let fileMode = try FileManager.default.attributesOfItem(atPath: "\(work)/\(store)")[.posixPermissions] as? Int
        #expect(fileMode == 0o600, "the app's token store")
    }
}
