import ConformanceCore
import Foundation
@testable import MamconfCLI
@testable import RunReporters
import Testing

/// What a person reads at the end of a run: a recap of the failures, a broken adapter's last words, and no
/// escape codes where they would be noise.
@Suite struct ConsoleReporterTests {
    static let location = SourceLocation(file: "Suites/s.yaml", line: 9, column: 5)

    static func result(_ id: String, _ outcome: CaseOutcome, stderr: [String] = []) -> CaseResult {
        CaseResult(suiteId: "s", caseId: id, title: "", requirements: ["ENR-01"], location: location, outcome: outcome,
                   duration: .milliseconds(100), transcript: [], stderr: stderr)
    }

    static func run(_ results: [CaseResult], style: ConsoleStyle = .plain) async throws -> [String] {
        let lines = LockedLines()
        let console = ConsoleReporter(redactor: Redactor(), style: style, output: { lines.append($0) })
        for result in results { await console.caseFinished(result) }
        try await console.runFinished(RunResult(
            suites: [SuiteResult(suiteId: "s", title: "", requirements: [], started: Date(), duration: .zero, cases: results)],
            integration: nil, backend: "mock", harnessVersion: "test"))
        return lines.all
    }

    @Test(arguments: [
        ([String: String](), true, true, true),
        (["NO_COLOR": "1"], true, false, true),
        (["NO_COLOR": ""], true, true, true),
        (["TERM": "dumb"], true, false, false),
        ([String: String](), false, false, false),
    ])
    func coloursAndTheLiveLineOnlyOnATerminalAndNeverWithNoColor(environment: [String: String], terminal: Bool, colors: Bool, live: Bool) {
        let style = ConsoleStyle.detect(environment: environment, isTerminal: terminal)
        #expect(style.colors == colors)
        #expect(style.liveProgress == live)
        #expect(style.paint("FAIL", .red) == (colors ? "\u{1B}[31mFAIL\u{1B}[0m" : "FAIL"))
    }

    @Test func theEndRecapsEveryFailureWithItsLocationAndShortMessage() async throws {
        let failure = CaseFailure(message: "expected status enrolled", observed: "got instead: a; b; c", location: SourceLocation(file: "Suites/s.yaml", line: 14, column: 7))
        let lines = try await Self.run([Self.result("a", .passed), Self.result("b", .failed(failure)), Self.result("c", .skipped(reason: "why", kind: .integrationCapability))])
        #expect(lines.contains("      Suites/s.yaml:14: expected status enrolled; got instead: a; b; c"), "the case line shows what arrived: \(lines)")
        let recap = try #require(lines.firstIndex(of: "Failures (1):"))
        #expect(lines[recap + 1] == "  FAIL  s/b  Suites/s.yaml:14: expected status enrolled", "the recap stays one short line")
        #expect(lines.last == "1 passed, 1 failed, 1 skipped")
    }

    @Test func aBrokenAdaptersLastStderrLinesAreShownUnderItsError() async throws {
        let stderr = (1...8).map { "line \($0)" }
        let lines = try await Self.run([Self.result("a", .errored(.integration(.exited("exit code 6"), at: nil), details: ""), stderr: stderr)])
        #expect(lines.contains("      last stderr lines of the adapter:"))
        #expect(lines.contains("        line 8"))
        #expect(lines.contains("        line 4"))
        #expect(!lines.contains("        line 3"), "only the last \(ConsoleReporter.stderrLines) lines")
    }

    @Test func casesNotRunForOneCauseAreSummedUpNotRepeated() async throws {
        let cause = CaseError.notRun("the adapter cannot start")
        let lines = try await Self.run((1...5).map { Self.result("n\($0)", .errored(cause, details: "")) })
        #expect(lines.filter { $0.contains("not run: the adapter cannot start") }.count == 1, "\(lines)")
        #expect(lines.contains("      … and 4 more case(s) not run for the same reason"))
    }

    @Test(arguments: [
        // The per-suite folder refused, the named report in place: the console names the report and the folder apart.
        (ReportFailure(target: "reports/surefire", message: "TEST-s.xml is another tool's"), "report: reports/junit.xml",
         "NOT written to reports/surefire: TEST-s.xml is another tool's"),
        (ReportFailure(target: "reports/junit.xml", message: "disk full"), "report NOT written to reports/junit.xml: disk full", nil),
        (ReportFailure(target: nil, message: "disk full"), "report NOT written to reports/junit.xml: disk full", nil),
    ])
    func theConsoleCallsTheNamedReportUnwrittenOnlyWhenItsOwnWriteFailed(failure: ReportFailure, reportLine: String, otherLine: String?) async throws {
        let lines = LockedLines()
        let console = ConsoleReporter(redactor: Redactor(), reportPath: "reports/junit.xml", style: .plain, output: { lines.append($0) })
        var run = RunResult(suites: [], integration: nil, backend: "mock", harnessVersion: "test")
        run.reportFailures = [failure]
        try await console.runFinished(run)
        #expect(lines.all.contains(reportLine), "\(lines.all)")
        if let otherLine { #expect(lines.all.contains(otherLine), "\(lines.all)") }
        #expect(lines.all.filter { $0.hasPrefix("report") }.count == 1, "\(lines.all)")
    }
}
