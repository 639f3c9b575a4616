import ConformanceCore
import Foundation
import JUnitXML
import MamconfCLI
@testable import RunReporters
import Testing

/// `--rerun-failures`: a case that passes on a rerun is reported passed and flaky, with its failed runs kept;
/// one that never passes keeps its first failure, with the reruns after it.
@Suite struct RerunTests {
    static let caseID = "targeted-account-enrolls-and-app-restarts-itself"

    @Test func aCaseThatPassesOnRerunIsReportedPassedAndFlakyWithItsFailedRun() async throws {
        let suites = try EndToEnd.loadSuites(caseIDs: [Self.caseID])
        let state = NSTemporaryDirectory() + "flaky-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let command = ["\(Repository.testData)/adapters/flaky_adapter.sh", state, "no-restart-request", try EndToEnd.referenceExecutable()]
        let run = try await EndToEnd.run(suites, command: command, rerunFailures: 2)
        let result = try #require(run.result.allCases.first)
        #expect(result.outcome.label == "passed")
        #expect(result.isFlaky)
        #expect(result.attempts.count == 1, "one failed run before the pass")
        guard case .failed(let failure)? = result.attempts.first?.outcome else {
            Issue.record("the failed run must be kept, got \(String(describing: result.attempts.first?.outcome))")
            return
        }
        #expect(failure.message.contains("restartApplication"), "\(failure.message)")
        #expect(run.result.counts.flaky == 1)
        #expect(run.console.contains { $0.hasPrefix("FLAKY") }, "\(run.console)")
        let document = JUnitReporter(path: "/dev/null", redactor: Redactor()).document(for: run.result)
        let junitCase = try #require(document.suites.first?.cases.first)
        #expect(junitCase.outcome == .passed)
        #expect(junitCase.attempts.count == 1)
        #expect(junitCase.attempts.first?.kind == .failure)

    }

    @Test func aCaseThatNeverPassesKeepsItsFirstFailureAndListsTheReruns() async throws {
        let suites = try EndToEnd.loadSuites(caseIDs: [Self.caseID])
        let run = try await EndToEnd.run(suites, arguments: ["--mutant", "no-restart-request"], rerunFailures: 2)
        let result = try #require(run.result.allCases.first)
        #expect(result.outcome.label == "failed")
        #expect(!result.isFlaky)
        #expect(result.attempts.count == 2, "both reruns are kept after the first failure")
        #expect(result.attempts.allSatisfy { $0.outcome.label == "failed" })
        let document = JUnitReporter(path: "/dev/null", redactor: Redactor()).document(for: run.result)
        let junitCase = try #require(document.suites.first?.cases.first)
        guard case .failure = junitCase.outcome else {
            Issue.record("expected a <failure>, got \(junitCase.outcome)")
            return
        }
        #expect(junitCase.attempts.count == 2)
    }

    /// A case its integration broke holds its slot until the runner has judged it; a rerun gives that slot up first,
    /// or in a serial run it would wait for itself.
    @Test(.timeLimit(.minutes(2))) func aCaseItsIntegrationBrokeIsRerunInASerialRun() async throws {
        let suites = try EndToEnd.loadSuites(caseIDs: ["untargeted-account-stays-unmanaged", "unlicensed-account-reported-not-licensed"])
        let script = try BrokenAdapterTests.adapterThatDiesAfterItsFirstStart()
        defer { BrokenAdapterTests.remove(script) }
        let run = try await EndToEnd.run(suites, command: [script], stepTimeout: .seconds(6), deadlineScale: 1, rerunFailures: 1, jobs: 1)
        let cases = run.result.allCases
        try #require(cases.count == 2, "\(cases.map(\.caseId))")
        #expect(cases[0].outcome.label == "passed")
        #expect(cases[1].outcome.label == "errored", "\(cases[1].outcome)")
        #expect(cases[1].attempts.count == 1 && cases[1].attempts.first?.outcome.label == "errored", "the rerun is kept: \(cases[1].attempts)")
        let starts = ((try? String(contentsOfFile: script + ".count", encoding: .utf8)) ?? "").split(separator: "\n").count
        #expect(starts == 3, "one good start, then the broken case and its rerun")
    }

    @Test func withoutRerunsAFailureIsReportedOnce() async throws {
        let suites = try EndToEnd.loadSuites(caseIDs: [Self.caseID])
        let run = try await EndToEnd.run(suites, arguments: ["--mutant", "no-restart-request"])
        let result = try #require(run.result.allCases.first)
        #expect(result.outcome.label == "failed")
        #expect(result.attempts.isEmpty)
    }
}
