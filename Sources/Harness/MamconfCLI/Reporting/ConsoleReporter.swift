import ConformanceCore
import AdapterProtocol
import Foundation

/// Prints one line per case as it finishes and the closing tally CI logs are read for.
public struct ConsoleReporter: Reporter {
    let redactor: Redactor
    let verbose: Bool
    let output: @Sendable (String) -> Void
    /// Seconds spent before the first case (loading suites, starting the embedded backend), if known.
    let startupSeconds: Double?
    /// Where the JUnit report goes, named at the end (run the console after the JUnit reporter).
    let reportPath: String?

    public init(
        redactor: Redactor, verbose: Bool = false, startupSeconds: Double? = nil, reportPath: String? = nil,
        // Unbuffered, so a CI log shows each case the moment it finishes, also through a pipe.
        output: @escaping @Sendable (String) -> Void = { StandardStreams.write(($0 + "\n"), to: STDOUT_FILENO) }
    ) {
        self.redactor = redactor
        self.verbose = verbose
        self.startupSeconds = startupSeconds
        self.reportPath = reportPath
        self.output = output
    }

    public func caseFinished(_ result: CaseResult) async {
        let name = "\(result.suiteId)/\(result.caseId)"
        let time = String(format: "%.2f s", result.duration)
        switch result.outcome {
        case .passed:
            output("PASS  \(name) (\(time))")
        case .skipped(let reason):
            output("SKIP  \(name): \(redactor.redact(reason))")
        case .failed(let failure):
            output("FAIL  \(name) (\(time))\n      \(failure.location.fileAndLine): \(redactor.redact(failure.message))")
            if verbose, !failure.details.isEmpty { output(indent(redactor.redact(failure.details))) }
        case .errored(let error, let details):
            output("ERROR \(name) (\(time))\n      \(error.kind): \(redactor.redact(error.description))")
            if verbose, !details.isEmpty { output(indent(redactor.redact(details))) }
        }
    }

    public func runFinished(_ result: RunResult) async throws {
        for problem in result.infrastructureProblems { output("mamconf: \(redactor.redact(problem))") }
        let cases = result.allCases
        let caseTime = cases.reduce(0) { $0 + $1.duration }
        let backendTime = cases.reduce(0) { $0 + $1.backendDuration }
        var timing = String(format: "time: cases %.2f s (of which backend %.2f s, integration and runner %.2f s)", caseTime, backendTime, caseTime - backendTime)
        if let startupSeconds { timing = String(format: "time: start-up %.2f s; ", startupSeconds) + timing.dropFirst(6) }
        output(timing)
        if let reportPath {
            output(result.reportFailures.isEmpty ? "report: \(reportPath)" : "report NOT written to \(reportPath): \(result.reportFailures[0])")
        }
        let c = result.counts
        output("\(c.passed) passed, \(c.failed + c.errored) failed, \(c.skipped) skipped")
        if c.errored > 0 {
            output("(\(c.failed) failed an expectation, \(c.errored) could not be judged: adapter, backend or harness error)")
        }
    }

    private func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n")
    }
}
