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

    public init(classname: String, name: String, time: Double = 0, outcome: JUnitOutcome = .passed,
                systemOut: String? = nil, systemErr: String? = nil) {
        self.classname = classname
        self.name = name
        self.time = time
        self.outcome = outcome
        self.systemOut = systemOut
        self.systemErr = systemErr
    }
}
