/// What a run is asked to do: the selected suites, the slice of them this process runs, and what the report
/// needs to be merged and trusted (the suites' digest, the names of every case the suites define).
public struct RunPlan: Sendable {
    /// The selected suites and cases, before sharding.
    public var suites: [Suite]
    public var shard: Shard?
    /// A digest of every suite file the run was loaded from (see ``SuiteDigest``).
    public var suitesDigest: String?
    /// Known failures to judge results against.
    public var expectedFailures: ExpectedFailureList?
    /// `suite/case` of every case the loaded suites define, selected or not: an expected-failure entry naming
    /// none of them is unused.
    public var definedCases: Set<String>

    public init(
        suites: [Suite], shard: Shard? = nil, suitesDigest: String? = nil, expectedFailures: ExpectedFailureList? = nil,
        definedCases: Set<String>? = nil
    ) {
        self.suites = suites
        self.shard = shard
        self.suitesDigest = suitesDigest
        self.expectedFailures = expectedFailures
        self.definedCases = definedCases ?? Set(suites.flatMap { suite in suite.cases.map { "\(suite.id)/\($0.id)" } })
    }

    /// One suite as this process runs it: the shard's cases, with the suite's place in the whole run.
    public struct ScheduledSuite: Sendable {
        public var suite: Suite
        public var index: Int
        /// The suite's case ids before sharding.
        public var plannedCases: [String]
    }

    /// The suites this process runs, each holding only its shard's cases; suites left with none are dropped.
    public var scheduled: [ScheduledSuite] {
        var position = 0
        var out: [ScheduledSuite] = []
        for (index, suite) in suites.enumerated() {
            var mine = suite
            mine.cases = suite.cases.filter { _ in
                defer { position += 1 }
                return shard?.includes(position: position) ?? true
            }
            if !mine.cases.isEmpty { out.append(ScheduledSuite(suite: mine, index: index, plannedCases: suite.cases.map(\.id))) }
        }
        return out
    }

    /// The plan as a report of cases that did not run needs it: every case's names, requirements and place, without
    /// the steps and fixtures that only running it needs. What a run keeps for its last-resort report: the definitions
    /// are the largest part of a plan, and a long run frees each once its case is judged (issue 30).
    public var outline: RunPlan {
        var outline = self
        outline.suites = suites.map { suite in
            var suite = suite
            suite.cases = suite.cases.map(\.outline)
            return suite
        }
        return outline
    }

    /// Whether this process reports run-wide findings (unused expected-failure entries): only the first shard,
    /// so merged shard reports hold each once.
    public var reportsRunWideFindings: Bool { (shard?.index ?? 0) == 0 }
}
