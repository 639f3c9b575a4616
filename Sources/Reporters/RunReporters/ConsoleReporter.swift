import ConformanceCore
import AdapterProtocol
import Foundation
import Synchronization

/// Prints one line per case as it finishes, a recap of the failures, and the closing tally CI logs are read for.
public final class ConsoleReporter: Reporter {
    let redactor: Redactor
    let verbose: Bool
    let style: ConsoleStyle
    let output: @Sendable (String) -> Void
    /// Writes the live progress line and what clears it, as they are (no newline).
    let progress: @Sendable (String) -> Void
    /// Seconds spent before the first case (loading suites, starting the embedded backend), if known.
    let startup: Duration?
    /// Where the JUnit report goes, named at the end (run the console after the JUnit reporter).
    let reportPath: String?
    /// Stderr lines of a broken adapter shown under its error (all of them with `--verbose`).
    static let stderrLines = 5
    /// Columns assumed for a terminal that does not say how wide it is.
    static let defaultWidth = 80

    private struct State {
        var planned = 0
        var finished = 0
        var failing = 0
        var progressShown = false
        /// Consecutive "not run" cases with one cause are summed up instead of repeated.
        var notRunCause: String?
        var notRunCount = 0
    }
    private let state = Mutex(State())

    /// Lines go to standard output unbuffered, so a CI log shows each case the moment it finishes, also through a pipe.
    public static let standardOutput: @Sendable (String) -> Void = { StandardStreams.write(($0 + "\n"), to: STDOUT_FILENO) }
    /// The live progress line and what clears it, as they are (no newline).
    public static let standardProgress: @Sendable (String) -> Void = { StandardStreams.write($0, to: STDOUT_FILENO) }

    public init(
        redactor: Redactor, verbose: Bool = false, startup: Duration? = nil, reportPath: String? = nil,
        style: ConsoleStyle = .plain,
        output: @escaping @Sendable (String) -> Void = ConsoleReporter.standardOutput,
        progress: @escaping @Sendable (String) -> Void = ConsoleReporter.standardProgress
    ) {
        self.progress = progress
        self.redactor = redactor
        self.verbose = verbose
        self.startup = startup
        self.reportPath = reportPath
        self.style = style
        self.output = output
    }

    public func runStarted(plannedCases: Int) async {
        state.withLock { $0.planned = plannedCases }
    }

    public func caseStarted(suiteId: String, caseId: String) async {
        guard style.liveProgress else { return }
        let line = state.withLock { state -> String in
            state.progressShown = true
            return "[\(state.finished + 1)/\(state.planned)] \(suiteId)/\(caseId) …" + (state.failing > 0 ? " (\(state.failing) failed so far)" : "")
        }
        // Written without a newline and cleared before the next line, so the terminal keeps one status line. It
        // must fit one row: the clearing only reaches the row the cursor is on, so a line that wrapped would leave
        // its first rows behind. One column stays free, as some terminals wrap on reaching the last one.
        let columns = style.width() ?? Self.defaultWidth
        progress("\r\u{1B}[K" + style.paint(TerminalText.cut(line, toColumns: max(1, columns - 1)), .dim))
    }

    public func caseFinished(_ result: CaseResult) async {
        let name = result.qualifiedName
        let time = "\(result.duration.seconds(decimals: 2)) s"
        var lines: [String] = []
        if case .errored(.notRun(let cause), _) = result.outcome {
            let repeated = state.withLock { state -> Bool in
                state.finished += 1
                state.failing += 1
                if state.notRunCause == cause { state.notRunCount += 1; return true }
                return false
            }
            if repeated { return }
            lines += flushNotRun()
            state.withLock { $0.notRunCause = cause }
            lines.append(style.paint("ERROR", .red) + " \(name): not run: \(redactor.redact(cause))")
            emit(lines)
            return
        }
        lines += flushNotRun()
        state.withLock { state in
            state.finished += 1
            if result.outcome.isFailure { state.failing += 1 }
        }
        switch result.outcome {
        case .passed where result.isFlaky:
            lines.append(style.paint("FLAKY", .yellow) + " \(name) (\(time)): passed on run \(result.attempts.count + 1) of \(result.attempts.count + 1)")
            if let first = result.attempts.first { lines.append("      run 1: " + redactor.redact(Self.oneLine(first.outcome))) }
        case .passed:
            lines.append(style.paint("PASS ", .green) + " \(name) (\(time))")
        case .skipped(let reason, let kind):
            lines.append(style.paint("SKIP ", .yellow) + " \(name) (\(kind.label)): \(redactor.redact(reason))")
        case .failed(let failure):
            lines.append(style.paint("FAIL ", .red) + " \(name) (\(time))\(rerunNote(result))")
            lines.append("      \(failure.location.fileAndLine): \(redactor.redact(failure.fullMessage))")
            if verbose, !failure.details.isEmpty { lines.append(indent(redactor.redact(failure.details))) }
        case .errored(let error, let details):
            lines.append(style.paint("ERROR", .red) + " \(name) (\(time))\(rerunNote(result))")
            lines.append("      \(error.kind): \(redactor.redact(error.description))")
            if verbose, !details.isEmpty {
                lines.append(indent(redactor.redact(details)))
            } else if !result.stderr.isEmpty {
                // A crash's cause is usually in the adapter's last words.
                lines.append("      last stderr lines of the adapter:")
                lines += result.stderr.suffix(Self.stderrLines).map { "        " + $0 }
            }
        }
        emit(lines)
    }

    public func runFinished(_ result: RunResult) async throws {
        var lines = flushNotRun()
        let failing = result.allCases.filter(\.outcome.isFailure)
        let recapped = failing.filter { if case .errored(.notRun, _) = $0.outcome { false } else { true } }
        if !recapped.isEmpty {
            lines.append("")
            lines.append(style.paint("Failures (\(recapped.count)):", .bold))
            for failed in recapped { lines.append("  " + redactor.redact(Self.recapLine(failed))) }
            let notRun = failing.count - recapped.count
            if notRun > 0 { lines.append("  … and \(notRun) case(s) not run") }
            lines.append("")
        }
        for problem in result.infrastructureProblems { lines.append("mamconf: \(redactor.redact(problem))") }
        let cases = result.allCases
        let caseTime = cases.reduce(Duration.zero) { $0 + $1.duration }
        let backendTime = cases.reduce(Duration.zero) { $0 + $1.backendDuration }
        var timing = "time: cases \(caseTime.seconds(decimals: 2)) s (of which backend \(backendTime.seconds(decimals: 2)) s, "
            + "integration and runner \((caseTime - backendTime).seconds(decimals: 2)) s)"
        if let startup { timing = "time: start-up \(startup.seconds(decimals: 2)) s; " + timing.dropFirst(6) }
        lines.append(timing)
        if let seed = result.faultSeed { lines.append("fault seed: \(seed) (replay the same scheduled faults with --fault-seed \(seed))") }
        if let reportPath {
            // Only a failure of the named report makes it unwritten; another output's failure is said beside it.
            let named = result.reportFailures.first { $0.target == reportPath || $0.target == nil }
            lines.append(named.map { "report NOT written to \(reportPath): \($0.message)" } ?? "report: \(reportPath)")
            for other in result.reportFailures where other.target != nil && other.target != reportPath {
                lines.append("NOT written to \(other.target ?? ""): \(other.message)")
            }
        }
        let c = result.counts
        let others = c.skipped - c.skippedAgainstGate
        if others > 0 {
            lines.append("(\(others) skipped case(s) are written for other SDK versions: --fail-on-skip does not count them)")
        }
        lines.append(style.paint(Self.tally(c), c.failed + c.errored > 0 ? .red : .green))
        var meaning: [String] = []
        if c.errored > c.notRun { meaning.append("errored: an adapter, backend or harness fault, so the case could not be judged") }
        if c.notRun > 0 { meaning.append("not run: the run stopped before the case, or could not start") }
        if !meaning.isEmpty { lines.append("(" + meaning.joined(separator: "; ") + ")") }
        emit(lines)
    }

    // MARK: Lines

    /// Writes lines, first clearing a live progress line so it never mixes with them.
    private func emit(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        let clear = state.withLock { state -> Bool in
            defer { state.progressShown = false }
            return state.progressShown
        }
        if clear { progress("\r\u{1B}[K") }
        for line in lines { output(line) }
    }

    private func flushNotRun() -> [String] {
        let count = state.withLock { state -> Int in
            defer { state.notRunCause = nil; state.notRunCount = 0 }
            return state.notRunCount
        }
        return count > 0 ? ["      … and \(count) more case(s) not run for the same reason"] : []
    }

    /// `N passed, N failed, N skipped`, with cases that errored or were not run counted apart when there are any:
    /// a run that could not start is not a hundred failed cases.
    static func tally(_ c: RunCounts) -> String {
        var parts = ["\(c.passed) passed" + (c.flaky > 0 ? " (\(c.flaky) flaky)" : ""), "\(c.failed) failed"]
        if c.errored > c.notRun { parts.append("\(c.errored - c.notRun) errored") }
        if c.notRun > 0 { parts.append("\(c.notRun) not run") }
        parts.append("\(c.skipped) skipped")
        return parts.joined(separator: ", ")
    }

    private func rerunNote(_ result: CaseResult) -> String {
        result.attempts.isEmpty ? "" : " (failed all \(result.attempts.count + 1) runs)"
    }

    static func recapLine(_ result: CaseResult) -> String {
        switch result.outcome {
        case .failed(let failure): return "FAIL  \(result.qualifiedName)  \(failure.location.fileAndLine): \(failure.message)"
        case .errored(let error, _): return "ERROR \(result.qualifiedName)  \(result.location.fileAndLine): \(error.kind): \(oneLine(result.outcome))"
        case .passed, .skipped: return result.qualifiedName
        }
    }

    static func oneLine(_ outcome: CaseOutcome) -> String {
        let text: String
        switch outcome {
        case .failed, .errored: text = outcome.problem ?? ""
        case .passed: text = "passed"
        case .skipped(let reason, _): text = "skipped: \(reason)"
        }
        let first = text.prefix { $0 != "\n" }
        return first.count > 200 ? String(first.prefix(200)) + "…" : String(first)
    }

    private func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n")
    }
}
