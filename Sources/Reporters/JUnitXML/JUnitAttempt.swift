/// One earlier, failed attempt of a case that was run again.
///
/// Surefire records reruns inside the case instead of as extra `<testcase>` elements, so the test count
/// stays the number of cases: `<flakyFailure>`/`<flakyError>` when the case passed in the end (a flaky pass),
/// `<rerunFailure>`/`<rerunError>` when it never passed. Each holds the attempt's details as `<stackTrace>`
/// and its own output.
public struct JUnitAttempt: Sendable, Equatable {
    /// Whether the attempt failed an expectation or could not run properly, as in ``JUnitOutcome``.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case failure
        case error
    }

    public var kind: Kind
    public var message: String
    public var type: String
    /// The attempt's details, written as `<stackTrace>`.
    public var details: String
    public var systemOut: String?
    public var systemErr: String?

    public init(kind: Kind, message: String, type: String, details: String,
                systemOut: String? = nil, systemErr: String? = nil) {
        self.kind = kind
        self.message = message
        self.type = type
        self.details = details
        self.systemOut = systemOut
        self.systemErr = systemErr
    }
}
