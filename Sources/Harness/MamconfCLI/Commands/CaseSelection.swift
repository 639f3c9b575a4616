#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ConformanceCore

/// Chooses suites and cases from `--suite` and `--case`. A case is named as the console prints it
/// (`suite/case`), or by its id alone, and either may be a shell glob (`identity-*/*`, `*wipe*`).
struct CaseSelection {
    var suiteIDs: [String]
    var casePatterns: [String]

    /// The chosen suites with only the chosen cases, in suite order. A name that matches nothing is an error
    /// with the names that exist, so a typo never runs an empty gate that passes.
    func apply(to all: [Suite]) throws -> [Suite] {
        for id in suiteIDs where !all.contains(where: { Self.matches(id, $0.id) }) {
            throw MamconfExit(MamconfExit.notJudged, "no suite '\(id)' (known: \(all.map(\.id).joined(separator: ", ")))")
        }
        var chosen = suiteIDs.isEmpty ? all : all.filter { suite in suiteIDs.contains { Self.matches($0, suite.id) } }
        guard !casePatterns.isEmpty else { return chosen }
        for pattern in casePatterns where !chosen.contains(where: { suite in suite.cases.contains { Self.selects(pattern, suite: suite.id, case: $0.id) } }) {
            let known = chosen.flatMap { suite in suite.cases.map { "\(suite.id)/\($0.id)" } }
            let hint = known.count > 12 ? known.prefix(12).joined(separator: ", ") + ", …" : known.joined(separator: ", ")
            throw MamconfExit(MamconfExit.notJudged, "no case matches '\(pattern)' in the selected suites (known: \(hint))")
        }
        chosen = chosen.map { suite in
            var copy = suite
            copy.cases = suite.cases.filter { testCase in casePatterns.contains { Self.selects($0, suite: suite.id, case: testCase.id) } }
            return copy
        }.filter { !$0.cases.isEmpty }
        return chosen
    }

    /// `suite/case` patterns match the qualified name; a pattern without `/` matches the case id in any suite.
    static func selects(_ pattern: String, suite: String, case id: String) -> Bool {
        pattern.contains("/") ? matches(pattern, "\(suite)/\(id)") : matches(pattern, id)
    }

    static func matches(_ pattern: String, _ name: String) -> Bool {
        guard pattern.contains(where: { "*?[".contains($0) }) else { return pattern == name }
        return fnmatch(pattern, name, 0) == 0
    }
}
