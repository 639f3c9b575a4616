import ConformanceCore
import Foundation
import JUnitXML

/// Writes the run's CI summary (``GitHubSummary``) to a file, typically `$GITHUB_STEP_SUMMARY`, when the run ends.
///
/// It goes through the JUnit report's writer (``AtomicFile``), but appends: `$GITHUB_STEP_SUMMARY` is a file the
/// runner made and other commands of the step may already have written to (GitHub's own convention is `>>`), so
/// what is there stays and the summary follows it after a blank line; a file that does not exist yet is created
/// whole (CI never reads half a summary), a symbolic link is followed and stays, a device or FIFO is written in place
/// and never replaced by a regular file, and a missing folder is created. The cap holds for the summary itself.
public struct GitHubSummaryReporter: Reporter {
    public let path: String
    let redactor: Redactor
    /// The JUnit report, named where the summary leaves cases out.
    let reportPath: String?

    public init(path: String, redactor: Redactor, reportPath: String? = nil) {
        self.path = path
        self.redactor = redactor
        self.reportPath = reportPath
    }

    public func caseFinished(_ result: CaseResult) async {}

    /// Throws a ``ReportFailure`` naming the summary's path, so the console and the exit code say it was not written.
    public func runFinished(_ result: RunResult) async throws {
        try Self.write(SummaryRun(result, reportPath: reportPath), redactor: redactor, to: path)
    }

    /// Renders `run`, redacting with `redactor`, and writes it to `path`; used by `run` and by `merge`, which has a JUnit
    /// report instead of results.
    public static func write(_ run: SummaryRun, redactor: Redactor, to path: String) throws(ReportFailure) {
        try ReportFile.write(to: path, .append, what: "the GitHub summary") {
            separator(before: path) + GitHubSummary.render(run, redactor: redactor)
        }
    }

    /// What puts a blank line between what the file already holds (links followed) and the summary: nothing for an
    /// empty or new file, one newline after a finished line, two after an unfinished one.
    static func separator(before path: String) -> String {
        guard let file = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? file.close() }
        guard let end = try? file.seekToEnd(), end > 0 else { return "" }
        try? file.seek(toOffset: end - 1)
        return (try? file.read(upToCount: 1)) == Data("\n".utf8) ? "\n" : "\n\n"
    }
}
