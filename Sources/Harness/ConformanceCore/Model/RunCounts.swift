/// How a run's cases ended, as the tally and the exit code read them. Cases not run are errors too (a report
/// reader must not see them pass) but are counted apart, so a run that could not start does not read as a
/// hundred failed cases; skips are counted apart by whether a gate that refuses skips counts them.
public struct RunCounts: Sendable, Equatable {
    public var passed = 0
    /// Failed an expectation.
    public var failed = 0
    /// Could not be judged: an adapter, backend or harness fault, an interruption, or not run at all.
    public var errored = 0
    /// Of `errored`, the cases the run never started (it stopped before them, or could not start).
    public var notRun = 0
    public var skipped = 0
    /// Of `skipped`, the skips `--fail-on-skip` counts (see ``SkipKind/countsAgainstFailOnSkip``).
    public var skippedAgainstGate = 0
    /// Passed on a rerun.
    public var flaky = 0

    public init(_ cases: [CaseResult]) {
        for result in cases {
            if result.isFlaky { flaky += 1 }
            switch result.outcome {
            case .passed: passed += 1
            case .failed: failed += 1
            case .errored(let error, _):
                errored += 1
                if case .notRun = error { notRun += 1 }
            case .skipped(_, let kind):
                skipped += 1
                if kind.countsAgainstFailOnSkip { skippedAgainstGate += 1 }
            }
        }
    }
}
