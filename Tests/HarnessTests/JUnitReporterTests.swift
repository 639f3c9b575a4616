import ConformanceCore
import Foundation
import JUnitXML
import MamconfCLI
import Testing

/// What the JUnit reporter writes so that its reports merge and point readers where they should.
@Suite struct JUnitReporterTests {
    static let caseStart = SourceLocation(file: "Suites/enrollment.yaml", line: 11, column: 5)

    static func run(_ outcomes: [(id: String, outcome: CaseOutcome)], suite: String = "enrollment") -> RunResult {
        let cases = outcomes.map {
            CaseResult(suiteId: suite, caseId: $0.id, title: "t", requirements: ["ENR-01"], location: caseStart, outcome: $0.outcome,
                       duration: 0, transcript: [])
        }
        return RunResult(suites: [SuiteResult(suiteId: suite, title: "t", requirements: ["ENR-01"], started: Date(), duration: 0, cases: cases)],
                         integration: nil, backend: "mock", harnessVersion: "test")
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
