/// A run description that contradicts itself, refused where it is made, so a wired run never holds a part it
/// cannot use for a reason known up front. (A backend that cannot start is a ``BackendFault``, which a report
/// shows as it is.)
public enum RunWiringError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An adapter command with no program in it.
    case emptyAdapterCommand
    /// A network adapter deadline that is not positive (named by its option).
    case deadlineNotPositive(String)
    /// A last-resort report guarding another file than the JUnit report it is handed: a second signal would
    /// write the verdict to one path while the run writes it to another.
    case guardOfAnotherReport(guarded: String, report: String)

    public var description: String {
        switch self {
        case .emptyAdapterCommand: return "the adapter command names no program"
        case .deadlineNotPositive(let name): return "\(name) must be a positive number of seconds"
        case .guardOfAnotherReport(let guarded, let report):
            return "the last-resort report guards \(guarded), but the run writes its report to \(report)"
        }
    }
}

