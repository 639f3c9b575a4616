import ConformanceCore

/// One case's verdict under one variant of the integration: as much of a ``CaseResult`` as the mutation
/// matrix judges by, small enough to keep in a file between runs (see ``MatrixRecord``).
public struct MatrixCell: Sendable, Codable, Hashable {
    public enum Verdict: String, Sendable, Codable {
        case passed, failed, errored, skipped

        /// A failed expectation or an error: the variant did not pass the case.
        public var isFailure: Bool { self == .failed || self == .errored }
    }

    public var suite: String
    public var caseId: String
    public var verdict: Verdict
    /// A failure's expectation or an error's description; nil when the case passed or was skipped.
    public var problem: String?

    public init(suite: String, caseId: String, verdict: Verdict, problem: String? = nil) {
        self.suite = suite
        self.caseId = caseId
        self.verdict = verdict
        self.problem = problem
    }

    public init(_ result: CaseResult) {
        let verdict: Verdict
        switch result.outcome {
        case .passed: verdict = .passed
        case .failed: verdict = .failed
        case .errored: verdict = .errored
        case .skipped: verdict = .skipped
        }
        self.init(suite: result.suiteId, caseId: result.caseId, verdict: verdict, problem: result.outcome.problem)
    }

    public static func cells(of run: RunResult) -> [MatrixCell] { run.allCases.map(MatrixCell.init) }
}
