import ConformanceCore

extension NotJudgedReport {
    /// Writes the CI summary of a run that judged nothing, beside its JUnit report: every planned case "not run"
    /// or errored with the cause, so a step summary never stays empty (or an earlier run's) when the run could
    /// not start.
    public func writeSummary(to path: String) throws(ReportFailure) {
        try GitHubSummaryReporter.write(SummaryRun(result(), reportPath: self.path), redactor: redactor, to: path)
    }
}
