/// One `<testcase>`.
public struct JUnitCase: Sendable, Equatable {
    /// Where the case belongs (the suite or feature path); shown by GitLab and Azure instead of the suite name.
    public var classname: String
    /// A stable test ID plus a short title; `classname` + `name` should be unique.
    public var name: String
    /// Duration in seconds; written with at most 3 decimals.
    public var time: Double
    public var outcome: JUnitOutcome
    /// Captured output, written as `<system-out>` inside the case (Surefire allows no suite-level output).
    public var systemOut: String?
    /// Captured error output, written as `<system-err>` inside the case.
    public var systemErr: String?
    /// The source file to point at (a suite YAML file). Written only in the ``JUnitDialect/github`` dialect, as
    /// the `file` attribute that GitHub reporters use to annotate the file.
    public var file: String?
    /// The line of ``file`` to point at: mamconf gives the failing step's line, or where the case starts when no
    /// step failed. Written with ``file``, only in the ``JUnitDialect/github`` dialect.
    public var line: Int?
    /// Every failed run other than the one ``outcome`` reports, in order: for a flaky pass all its failed runs,
    /// for a case that never passed the reruns after its first failure. See ``JUnitAttempt`` for how they are written.
    public var attempts: [JUnitAttempt]

    public init(classname: String, name: String, time: Double = 0, outcome: JUnitOutcome = .passed,
                systemOut: String? = nil, systemErr: String? = nil,
                file: String? = nil, line: Int? = nil, attempts: [JUnitAttempt] = []) {
        self.classname = classname
        self.name = name
        self.time = time
        self.outcome = outcome
        self.systemOut = systemOut
        self.systemErr = systemErr
        self.file = file
        self.line = line
        self.attempts = attempts
    }

    /// Passed in the end after at least one failed attempt.
    public var isFlaky: Bool {
        outcome == .passed && !attempts.isEmpty
    }
}
