/// Knobs of one run that are not part of any suite.
public struct RunConfiguration: Sendable {
    /// Default wall-clock seconds a step may take before the case fails.
    public var stepTimeout: Double
    /// Multiplies every deadline: slow CI machines get more room without editing suites.
    public var deadlineScale: Double
    /// Where per-case data directories are created.
    public var workDirectory: String
    /// Keep per-case data directories after the run (for debugging an integration).
    public var keepData: Bool
    public var redactor: Redactor
    public var clock: any RunClock

    public init(
        stepTimeout: Double = 10, deadlineScale: Double = 1, workDirectory: String, keepData: Bool = false,
        redactor: Redactor = Redactor(), clock: any RunClock = SystemRunClock()
    ) {
        self.stepTimeout = stepTimeout
        self.deadlineScale = deadlineScale
        self.workDirectory = workDirectory
        self.keepData = keepData
        self.redactor = redactor
        self.clock = clock
    }

    func deadline(for step: Step) -> Double {
        (step.within ?? stepTimeout) * deadlineScale
    }
}
