import ConformanceCore
import Foundation

/// Prints one line per case as it finishes and the closing tally CI logs are read for.
public struct ConsoleReporter: Reporter {
    let redactor: Redactor
    let verbose: Bool
    let output: @Sendable (String) -> Void

    public init(redactor: Redactor, verbose: Bool = false, output: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.redactor = redactor
        self.verbose = verbose
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
        case .errored(let message, let details):
            output("ERROR \(name) (\(time))\n      \(redactor.redact(message))")
            if verbose, !details.isEmpty { output(indent(redactor.redact(details))) }
        }
    }

    public func runFinished(_ result: RunResult) async throws {
        for problem in result.infrastructureProblems { output("mamconf: \(redactor.redact(problem))") }
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
