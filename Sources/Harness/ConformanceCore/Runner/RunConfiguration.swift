import AdapterProtocol

/// Knobs of one run that are not part of any suite.
public struct RunConfiguration: Sendable {
    /// Default wall-clock time a step may take before the case fails.
    public var stepTimeout: Duration
    /// Multiplies every deadline: slow CI machines get more room without editing suites.
    public var deadlineScale: Double
    /// Where per-case data directories are created.
    public var workDirectory: String
    /// Keep per-case data directories after the run (for debugging an integration).
    public var keepData: Bool
    public var redactor: Redactor
    /// Every time the runner measures and every wait it makes: a seam, so tests run the runner's waits in virtual time.
    public var clock: any HarnessClock
    /// Interrupts the run from outside (signals).
    public var control: RunControl
    /// After this many cases in a row broken by the integration itself (crash, protocol violation,
    /// failed start), the run stops: an adapter that keeps dying would only produce the same error.
    public var restartBudget: Int
    /// Check every message the integration sends against the protocol's schemas, and fail the case on the
    /// first that breaks them (`--strict-protocol`).
    public var strictProtocol: Bool
    /// Runs a failed or errored case again up to this many times (`--rerun-failures`); one that then passes
    /// is reported passed and flaky, with its failed runs kept.
    public var rerunFailures: Int
    /// Seeds every fault schedule of the run (`--fault-seed`); each case's schedule draws from this seed mixed
    /// with the case's name, so one case replays alone with the same faults.
    public var faultSeed: UInt64
    /// Cases in flight at once (`--jobs`). Each case has its own integration process, tenant and data directory,
    /// and results are reported in plan order whatever order they finish in, so the report is the serial one.
    /// The runner runs one at a time where cases could see each other: a backend without isolated tenants (a
    /// real tenant's accounts are shared) or one long-lived test host.
    public var jobs: Int

    public init(
        stepTimeout: Duration = .seconds(10), deadlineScale: Double = 1, workDirectory: String, keepData: Bool = false,
        redactor: Redactor = Redactor(), clock: any HarnessClock = SystemHarnessClock(), control: RunControl = RunControl(),
        restartBudget: Int = 3, strictProtocol: Bool = false, rerunFailures: Int = 0,
        faultSeed: UInt64 = 0, jobs: Int = 1
    ) {
        self.jobs = max(1, jobs)
        self.faultSeed = faultSeed
        self.rerunFailures = rerunFailures
        self.strictProtocol = strictProtocol
        self.control = control
        self.restartBudget = restartBudget
        self.stepTimeout = stepTimeout
        self.deadlineScale = deadlineScale
        self.workDirectory = workDirectory
        self.keepData = keepData
        self.redactor = redactor
        self.clock = clock
    }

    /// The seed of a case's fault schedule: the run's seed mixed with `suite/case` (FNV-1a, then SplitMix64's
    /// finaliser), stable across runs and machines.
    public func faultSeed(forCase label: String) -> UInt64 {
        var z = FNV1a.hash(label.utf8) ^ faultSeed
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    func deadline(for step: Step) -> Duration {
        (step.within ?? stepTimeout) * deadlineScale
    }

    /// The default step deadline, scaled: the runner's own requests (`initialize`, `reset`, the final `sync`) get it.
    var scaledStepTimeout: Duration {
        stepTimeout * deadlineScale
    }
}
