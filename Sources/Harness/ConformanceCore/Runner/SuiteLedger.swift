/// The suites' results as the run judges their cases: a suite starts when its first case is launched, and its
/// duration runs to its last case judged, so a report's suite times read the same in a serial and a parallel run.
struct SuiteLedger {
    private(set) var suites: [SuiteResult]
    /// When each suite's first case was launched, nil until then.
    private var starts: [ContinuousClock.Instant?]
    private let clock: any HarnessClock

    /// - Parameter counts: how many cases each suite runs here, so its list of results is sized once (a run keeps
    ///   every result to its end, and lists grown by doubling kept up to half their room empty).
    init(_ scheduled: [RunPlan.ScheduledSuite], counts: [Int], clock: any HarnessClock) {
        self.clock = clock
        suites = zip(scheduled, counts).map { entry, count -> SuiteResult in
            var suite = SuiteResult(suiteId: entry.suite.id, title: entry.suite.title, requirements: entry.suite.requirements,
                                    started: clock.wallNow(), duration: .zero, cases: [])
            suite.index = entry.index
            suite.plannedCases = entry.plannedCases
            suite.cases.reserveCapacity(count)
            return suite
        }
        starts = Array(repeating: nil, count: scheduled.count)
    }

    /// A case of suite `index` is launched.
    mutating func launched(suite index: Int) {
        guard starts[index] == nil else { return }
        starts[index] = clock.now()
        suites[index].started = clock.wallNow()
    }

    /// A case of suite `index` is judged.
    mutating func record(_ result: CaseResult, suite index: Int) {
        suites[index].cases.append(result)
        let now = clock.now()
        suites[index].duration = now - (starts[index] ?? now)
    }
}
