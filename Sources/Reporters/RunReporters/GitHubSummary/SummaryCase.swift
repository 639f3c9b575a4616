import ConformanceCore

/// One case as the CI summary shows it, whatever report it came from (a run's results or a JUnit report `mamconf
/// merge` put together), so the renderer never sees a report format. Its texts are as the run has them: the
/// renderer redacts what it shows.
public struct SummaryCase: Sendable, Equatable {
    /// How the case ended, kept as apart as the gate keeps it: a harness fault or a case that never ran is never
    /// shown as a product failure, and neither is shown as a pass.
    public enum Outcome: Sendable, Equatable {
        case passed
        /// The integration broke an expectation.
        case failed
        /// The case could not be judged: an adapter, backend or harness fault, or an interruption; `kind` is the
        /// error's type as JUnit's `<error type>` names it.
        case errored(kind: String)
        /// The run stopped before the case, or could not start.
        case notRun
        /// The case does not apply, or a known failure was accepted (`expectedFailure`).
        case skipped(expectedFailure: Bool)
    }

    public var suite: String
    public var name: String
    public var outcome: Outcome
    /// The requirement IDs the case enforces.
    public var requirements: [String]
    /// Where the failing step is written (`Suites/FILE:LINE`), or where the case starts when no step failed.
    public var step: String?
    /// What was expected, in one sentence (a failure); an error's own one-line description.
    public var expected: String?
    /// What the integration did instead (the "got instead" list), apart from what was expected.
    public var observed: String?
    /// The real error text: a failure's event list, an error's description with the adapter's last stderr lines.
    public var text: String?
    /// A skipped case's reason.
    public var reason: String?
    /// Passed on a rerun after failing.
    public var flaky: Bool
    /// The SDK range of each cited requirement limited to some versions; a requirement not listed applies to every
    /// version.
    public var sdkVersions: [RequirementVersions] = []
    /// The case's transcript (runner requests, the integration's answers, events and questions, the backend
    /// journal), kept only for the cases shown in full and only when asked (``SummaryRun/init(_:reportPath:transcripts:)``):
    /// a run of thousands of passes carries none of theirs.
    public var transcript: [String] = []
    /// The failed attempts before the one `outcome` reports (a flaky pass's failures, a failure's reruns), carried
    /// with the transcripts and only when they are asked for.
    public var attempts: [SummaryAttempt] = []

    public init(suite: String, name: String, outcome: Outcome, requirements: [String] = [], step: String? = nil,
                expected: String? = nil, observed: String? = nil, text: String? = nil, reason: String? = nil, flaky: Bool = false) {
        self.suite = suite
        self.name = name
        self.outcome = outcome
        self.requirements = requirements
        self.step = step
        self.expected = expected
        self.observed = observed
        self.text = text
        self.reason = reason
        self.flaky = flaky
    }

    /// Failed or errored (not a case that never ran): the cases shown in full, first.
    var isShownInFull: Bool {
        switch outcome {
        case .failed, .errored: return true
        case .passed, .notRun, .skipped: return false
        }
    }
}
