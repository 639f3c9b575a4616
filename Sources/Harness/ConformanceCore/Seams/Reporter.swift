/// Consumes results as they come. Console output, JUnit XML and anything later (JSON, TAP) are
/// reporters; the runner knows none of them.
public protocol Reporter: Sendable {
    /// Called once before the first case with the number of cases this run will report (a progress line's total).
    func runStarted(plannedCases: Int) async
    /// Called when a case (or a rerun of it) starts.
    func caseStarted(suiteId: String, caseId: String) async
    func caseFinished(_ result: CaseResult) async
    /// Called once at the end, also after an interruption. Throwing marks the run as an infrastructure failure.
    func runFinished(_ result: RunResult) async throws
}

extension Reporter {
    public func runStarted(plannedCases: Int) async {}
    public func caseStarted(suiteId: String, caseId: String) async {}
}
