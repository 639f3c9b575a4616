/// What a `mamconf run` that did not pass said about it: its console output without the lines of cases that passed
/// or were skipped, so a test's message names the failing cases, their reasons, the recap and the tally.
///
/// The last few thousand characters of a full run's console are mostly other cases' `PASS` lines; the case that
/// failed may have finished long before.
///
/// - Parameter limit: the most characters kept, from the end.
public func runProblems(_ output: String, limit: Int = 4000) -> String {
    let kept = output.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
        !(line.hasPrefix("PASS ") || line.hasPrefix("SKIP "))
    }
    return String(kept.joined(separator: "\n").suffix(limit))
}
