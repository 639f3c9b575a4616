/// Consumes results as they come. Console output, JUnit XML and anything later (JSON, TAP) are
/// reporters; the runner knows none of them.
public protocol Reporter: Sendable {
    func caseFinished(_ result: CaseResult) async
    /// Called once at the end, also after an interruption. Throwing marks the run as an infrastructure failure.
    func runFinished(_ result: RunResult) async throws
}
