import ConformanceCore
import Foundation
import JUnitXML

/// Writes the run's HTML report (``HTMLReport``) when the run ends, replacing the file atomically (``AtomicFile``):
/// a reader never sees half a report, and a report that cannot be written is a ``ReportFailure`` the console and the
/// exit code name.
public struct HTMLReportReporter: Reporter {
    public let path: String
    let redactor: Redactor

    public init(path: String, redactor: Redactor) {
        self.path = path
        self.redactor = redactor
    }

    public func caseFinished(_ result: CaseResult) async {}

    public func runFinished(_ result: RunResult) async throws {
        try Self.write(SummaryRun(result, transcripts: true), redactor: redactor, to: path)
    }

    /// Renders `run`, redacting with `redactor`, and writes it to `path`; used by `run` and by `report`, which reads
    /// JUnit reports instead of results.
    public static func write(_ run: SummaryRun, redactor: Redactor, to path: String) throws(ReportFailure) {
        try ReportFile.write(to: path, .replace, what: "the HTML report") { HTMLReport.render(run, redactor: redactor) }
    }
}
