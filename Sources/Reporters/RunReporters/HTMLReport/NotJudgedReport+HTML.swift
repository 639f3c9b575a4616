import ConformanceCore

extension NotJudgedReport {
    /// Writes the HTML report of a run that judged nothing, beside its JUnit report: every planned case not run or
    /// errored with the cause, so the file at `--html` never stays missing (or an earlier run's) when the run could
    /// not start.
    public func writeHTML(to path: String) throws(ReportFailure) {
        try HTMLReportReporter.write(SummaryRun(result(), transcripts: true), redactor: redactor, to: path)
    }
}
