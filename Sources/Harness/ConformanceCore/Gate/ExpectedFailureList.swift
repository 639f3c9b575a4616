import Foundation

/// Known failures (`--expected-failures FILE`) and how they turn a run's results into a gate's verdict.
///
/// A listed case that fails as written is reported as skipped with the entry's reason, so the gate passes.
/// Everything else about a listed case fails the run with "stale entry" and the edit to make: it passes now,
/// fails differently, is skipped, or the entry expired. An entry naming no case of the suites fails too.
/// Modelled on the protobuf conformance runner's failure lists, which fail when a listed test starts passing.
public struct ExpectedFailureList: Sendable {
    /// The report suite that holds unused entries.
    public static let reportSuite = "mamconf.expected-failures"

    public var path: String
    public var entries: [ExpectedFailure]

    public init(path: String, entries: [ExpectedFailure]) {
        self.path = path
        self.entries = entries
    }

    public func entry(for caseName: String) -> ExpectedFailure? {
        entries.first { $0.caseName == caseName }
    }

    /// Entries that name no case the suites define.
    public func unused(definedCases: Set<String>) -> [ExpectedFailure] {
        entries.filter { !definedCases.contains($0.caseName) }
    }

    /// The result as the gate sees it. `today` is `YYYY-MM-DD` in UTC.
    public func judge(_ result: CaseResult, today: String) -> CaseResult {
        guard let entry = entry(for: result.qualifiedName) else { return result }
        var judged = result
        judged.listedOutcome = result.outcome
        let edit = "\(entry.location.fileAndLine)"
        if entry.isExpired(today: today) {
            judged.outcome = .failed(CaseFailure(
                message: "stale expected-failure entry: it expired on \(entry.expires ?? "")",
                observed: "the case \(Self.summary(of: result.outcome))",
                location: entry.location,
                details: "edit \(edit): fix the case and delete the entry, or move `expires` if \(entry.tracking) is still open"))
            return judged
        }
        switch result.outcome {
        case .failed, .errored:
            let message = Self.message(of: result.outcome)
            if message.hasPrefix(entry.messagePrefix) {
                judged.outcome = .skipped(reason: "expected failure: \(entry.reason) (\(entry.tracking))", kind: .expectedFailure)
                return judged
            }
            judged.outcome = .failed(CaseFailure(
                message: "stale expected-failure entry: the case fails differently",
                observed: "expected a failure starting \"\(entry.messagePrefix)\", got \"\(message)\"",
                location: Self.location(of: result.outcome) ?? result.location,
                details: "edit \(edit): if this is the same known problem, set `message` to the new failure's start; otherwise fix it"
                    + Self.originalDetails(result.outcome)))
        case .passed:
            judged.outcome = .failed(CaseFailure(
                message: "stale expected-failure entry: the case passes now",
                location: entry.location,
                details: "edit \(edit): delete the entry (tracked at \(entry.tracking))"))
        case .skipped(let reason, _):
            judged.outcome = .failed(CaseFailure(
                message: "stale expected-failure entry: the case was skipped, so it cannot fail as expected",
                observed: "skipped: \(reason)",
                location: entry.location,
                details: "edit \(edit): delete the entry, or run against an integration the case applies to"))
        }
        return judged
    }

    /// The message an entry's prefix is matched against: a failure's full message, an error's description.
    public static func message(of outcome: CaseOutcome) -> String {
        switch outcome {
        case .failed(let failure): return failure.fullMessage
        case .errored(let error, _): return error.description
        case .passed: return "passed"
        case .skipped(let reason, _): return "skipped: \(reason)"
        }
    }

    private static func summary(of outcome: CaseOutcome) -> String {
        switch outcome {
        case .passed: return "passed"
        case .skipped(let reason, _): return "was skipped (\(reason))"
        case .failed, .errored: return "failed: \(message(of: outcome))"
        }
    }

    private static func location(of outcome: CaseOutcome) -> SourceLocation? {
        switch outcome {
        case .failed(let failure): return failure.location
        case .errored(.integration(_, let at), _): return at
        default: return nil
        }
    }

    private static func originalDetails(_ outcome: CaseOutcome) -> String {
        switch outcome {
        case .failed(let failure) where !failure.details.isEmpty: return "\n\n" + failure.details
        case .errored(_, let details) where !details.isEmpty: return "\n\n" + details
        default: return ""
        }
    }
}
