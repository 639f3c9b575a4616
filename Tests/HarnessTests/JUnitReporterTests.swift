import ConformanceCore
import Foundation
import JUnitXML
import MamconfCLI
@testable import RunReporters
import Testing

/// Where the JUnit reporter points readers and what it leaves alone: GitHub's reporters annotate the failing
/// step, and `--junit-dir` never deletes or replaces the `--junit` report.
@Suite struct JUnitReporterTests {
    static let caseStart = SourceLocation(file: "Suites/enrollment.yaml", line: 11, column: 5)

    static func run(_ outcomes: [(id: String, outcome: CaseOutcome)], suite: String = "enrollment") -> RunResult {
        let cases = outcomes.map {
            CaseResult(suiteId: suite, caseId: $0.id, title: "t", requirements: ["ENR-01"], location: caseStart, outcome: $0.outcome,
                       duration: .zero, transcript: [])
        }
        return RunResult(suites: [SuiteResult(suiteId: suite, title: "t", requirements: ["ENR-01"], started: Date(), duration: .zero, cases: cases)],
                         integration: nil, backend: "mock", harnessVersion: "test")
    }

    @Test func theGithubDialectPointsAFailedOrBrokenCaseAtTheFailingStep() throws {
        let step = SourceLocation(file: "Suites/enrollment.yaml", line: 27, column: 9)
        let broke = SourceLocation(file: "Suites/shared-steps.yaml", line: 19, column: 9)
        let result = Self.run([
            ("failed", .failed(CaseFailure(message: "expected enrollment-status", location: step))),
            ("broke", .errored(.integration(.exited("status 3"), at: broke), details: "")),
            ("harness", .errored(.harness("no work directory"), details: "")),
            ("passed", .passed),
            ("skipped", .skipped(reason: "integration lacks capability x", kind: .integrationCapability)),
        ])
        let document = JUnitReporter(path: "/dev/null", redactor: Redactor(), dialect: .github).document(for: result)
        let cases = try #require(document.suites.first?.cases)
        #expect(cases.map { "\($0.file ?? "-"):\($0.line ?? 0)" } == [
            "Suites/enrollment.yaml:27", "Suites/shared-steps.yaml:19", "Suites/enrollment.yaml:11",
            "Suites/enrollment.yaml:11", "Suites/enrollment.yaml:11",
        ], "the failing step where there is one, else where the case starts")
        let xml = String(decoding: try JUnitWriter.render(document, dialect: .github), as: UTF8.self)
        #expect(xml.contains("name=\"failed\" time=\"0.000\" file=\"Suites/enrollment.yaml\" line=\"27\""), "\(xml)")
    }

    @Test func theJUnitReportInsideTheJUnitDirectoryIsKeptRunAfterRun() async throws {
        let directory = NSTemporaryDirectory() + "mamconf-reporter-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = "\(directory)/TEST-all.xml"
        let reporter = JUnitReporter(path: report, redactor: Redactor(), directory: directory)
        let result = Self.run([("one", .passed), ("two", .failed(CaseFailure(message: "m", location: Self.caseStart)))])
        for _ in 0..<2 {
            try await reporter.runFinished(result)
            #expect(try JUnitReader.read(path: report).tests == 2, "the --junit report is still there, whole")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).filter { !$0.hasPrefix(".") }.sorted()
                == ["TEST-all.xml", "TEST-enrollment.xml"])
        }
    }

    @Test func aJUnitReportWhereASuiteFileWouldGoIsNotReplaced() async throws {
        let directory = NSTemporaryDirectory() + "mamconf-reporter-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = "\(directory)/TEST-enrollment.xml"
        let result = Self.run([("one", .passed), ("two", .passed)])
        let error = await #expect(throws: ReportFailure.self) {
            try await JUnitReporter(path: report, redactor: Redactor(), directory: directory).runFinished(result)
        }
        #expect(error?.message.hasPrefix("cannot write the report to '\(report)': mamconf's --junit-dir did not write this file") == true,
                "\(String(describing: error))")
        #expect(error?.target == directory, "the folder failed, not the report at \(report)")
        let kept = try JUnitReader.read(path: report)
        #expect(kept.name == "mamconf" && kept.tests == 2, "the --junit report stays as it was written")
    }

    @Test func theReportOfAShardThatRanNoCaseStillCarriesItsShardLabel() throws {
        var result = RunResult(suites: [], integration: nil, backend: "mock", harnessVersion: "test")
        result.shard = try Shard(index: 3, total: 4)
        result.suitesDigest = "sha256:0a1b"
        let document = JUnitReporter(path: "/dev/null", redactor: Redactor()).document(for: result)
        #expect(document.suites.map(\.name) == [JUnitRunProperty.emptyShard])
        #expect(document.tests == 0)
        #expect(document.suites.first?.property(JUnitRunProperty.shard) == "4/4")
        #expect(document.suites.first?.property(JUnitRunProperty.suitesDigest) == "sha256:0a1b")
        let unsharded = RunResult(suites: [], integration: nil, backend: "mock", harnessVersion: "test")
        #expect(JUnitReporter(path: "/dev/null", redactor: Redactor()).document(for: unsharded).suites.isEmpty)
    }
}
