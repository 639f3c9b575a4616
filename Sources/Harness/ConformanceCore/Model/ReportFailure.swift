/// A report a reporter could not write: where it was going, when the reporter knows, and why.
///
/// The target lets the console tell "the report it names was not written" from "another output failed" (the
/// per-suite files of `--junit-dir`, say) while the named report is in place.
public struct ReportFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or folder the reporter was writing; nil when it does not say.
    public var target: String?
    public var message: String

    public init(target: String?, message: String) {
        self.target = target
        self.message = message
    }

    public var description: String { message }
}
