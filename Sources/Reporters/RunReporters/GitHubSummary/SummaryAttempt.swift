/// One earlier, failed attempt of a case that was run again (`--rerun-failures`), as the HTML report shows it: a
/// flaky pass is judged by its last run, so what went wrong before is evidence a reviewer asks to see.
public struct SummaryAttempt: Sendable, Equatable {
    /// Failed an expectation (true) or could not run properly (false).
    public var failed: Bool
    /// What was expected, or the error's one-line description.
    public var expected: String
    /// What arrived instead, apart from what was expected.
    public var observed: String?
    /// Where the failing step is written (`Suites/FILE:LINE`).
    public var step: String?
    /// The attempt's own transcript.
    public var transcript: [String]

    public init(failed: Bool, expected: String, observed: String? = nil, step: String? = nil, transcript: [String] = []) {
        self.failed = failed
        self.expected = expected
        self.observed = observed
        self.step = step
        self.transcript = transcript
    }
}
