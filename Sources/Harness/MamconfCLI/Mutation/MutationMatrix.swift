import ConformanceCore
import Foundation

/// Which case catches which deliberate defect. A case no mutant fails checks nothing; a mutant no case
/// fails is a bug the suites would let through.
public struct MutationMatrix: Sendable {
    public let suites: [Suite]
    public let mutants: [MutantInfo]
    public let clean: RunResult
    public let runs: [String: RunResult]

    public init(suites: [Suite], mutants: [MutantInfo], clean: RunResult, runs: [String: RunResult]) {
        self.suites = suites
        self.mutants = mutants
        self.clean = clean
        self.runs = runs
    }

    public func outcome(mutant: String, suite: String, case caseId: String) -> CaseOutcome? {
        runs[mutant]?.allCases.first { $0.suiteId == suite && $0.caseId == caseId }?.outcome
    }

    /// Mutants that make the case fail an expectation (a `<failure>`, not an `<error>`).
    public func killers(suite: String, case caseId: String) -> [String] {
        mutants.map(\.name).filter {
            if case .failed? = outcome(mutant: $0, suite: suite, case: caseId) { return true }
            return false
        }
    }

    /// Cases (suite/case) where the mutant fails an expectation.
    public func kills(of mutant: String) -> [(suite: String, caseId: String)] {
        (runs[mutant]?.allCases ?? []).compactMap {
            if case .failed = $0.outcome { return ($0.suiteId, $0.caseId) }
            return nil
        }
    }

    /// Everything that makes the matrix untrustworthy, one line each; empty when it proves what it should.
    public var problems: [String] {
        var found: [String] = []
        for result in clean.allCases where result.outcome.isFailure {
            found.append("the clean integration does not pass \(result.suiteId)/\(result.caseId)")
        }
        for mutant in mutants {
            let owning = suites.filter { !Set($0.requirements).isDisjoint(with: mutant.requirements) }.map(\.id)
            let killedIn = Set(kills(of: mutant.name).map(\.suite))
            if owning.isEmpty {
                if killedIn.isEmpty { found.append("mutant \(mutant.name) survives every suite") }
            } else if killedIn.isDisjoint(with: owning) {
                found.append("mutant \(mutant.name) (\(mutant.requirements.joined(separator: ","))) is not caught by its suites \(owning.joined(separator: ", "))")
            }
            for result in runs[mutant.name]?.allCases ?? [] {
                if case .errored(let error, _) = result.outcome {
                    found.append("mutant \(mutant.name) makes \(result.suiteId)/\(result.caseId) an error, not a failure: \(error)")
                }
            }
        }
        for suite in suites {
            for testCase in suite.cases where killers(suite: suite.id, case: testCase.id).isEmpty {
                found.append("no mutant fails \(suite.id)/\(testCase.id): the case checks nothing a mutant breaks")
            }
        }
        return found
    }

    /// A readable matrix per suite (K = killed by a failure, E = error, . = passed, S = skipped), kill
    /// rates, and the cases no mutant fails.
    public func render() -> String {
        var lines: [String] = []
        for suite in suites {
            lines.append("\(suite.id)")
            let ids = suite.cases.map(\.id)
            for (index, id) in ids.enumerated() { lines.append("  c\(index + 1) = \(id)") }
            let width = max(12, mutants.map(\.name.count).max() ?? 12)
            lines.append("  " + "mutant".padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                         + ids.indices.map { "c\($0 + 1)".padding(toLength: 3, withPad: " ", startingAt: 0) }.joined())
            var killedMutants = 0
            for mutant in mutants {
                let row = ids.map { id -> String in
                    switch outcome(mutant: mutant.name, suite: suite.id, case: id) {
                    case .failed?: return "K  "
                    case .errored?: return "E  "
                    case .skipped?: return "S  "
                    case .passed?: return ".  "
                    case nil: return "?  "
                    }
                }
                if row.contains("K  ") { killedMutants += 1 }
                lines.append("  " + mutant.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + row.joined())
            }
            let tagged = mutants.filter { !Set(suite.requirements).isDisjoint(with: $0.requirements) }
            let taggedKilled = tagged.filter { m in kills(of: m.name).contains { $0.suite == suite.id } }
            lines.append(String(format: "  kill rate: %d of %d mutants tagged with this suite's requirements (%d of %d overall)",
                                taggedKilled.count, tagged.count, killedMutants, mutants.count))
            let unkilled = ids.filter { killers(suite: suite.id, case: $0).isEmpty }
            lines.append("  cases no mutant fails: " + (unkilled.isEmpty ? "none" : unkilled.joined(separator: ", ")))
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }
}
