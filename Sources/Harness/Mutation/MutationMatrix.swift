import ConformanceCore
import Foundation

/// Which case catches which deliberate defect, and which case accepts which conformant variant. A case no mutant
/// fails checks nothing; a mutant no case fails is a bug the suites would let through; a case a variant fails
/// demands more than the guide that allows the variant.
///
/// A restricted matrix (``MatrixScope/restricted``) holds only the cells that settle those two questions:
/// each mutant against the suites owning its requirements, and further cells only for cases still caught
/// by nobody. A cell that did not run has no outcome; it never counts as a pass.
public struct MutationMatrix: Sendable {
    public let suites: [Suite]
    public let mutants: [MutantInfo]
    /// The clean integration's verdict on every case.
    public let clean: [MatrixCell]
    /// Per mutant name, the cells that ran.
    public let runs: [String: [MatrixCell]]
    public let scope: MatrixScope
    /// Suites loaded but not run (`mutants --suite`): a mutant they own that the run suites miss is left
    /// undecided, not judged an escape.
    public let otherSuites: [Suite]
    /// Mutants listed but not run (`mutants --suite`): a case no mutant that ran fails is left undecided,
    /// since one of these might fail it.
    public let leftOut: [MutantInfo]
    /// The conformant variants, and the runs that judged them (``VariantPlan``).
    public let variants: [VariantInfo]
    public let variantRuns: [VariantRun]

    public init(suites: [Suite], mutants: [MutantInfo], clean: [MatrixCell], runs: [String: [MatrixCell]],
                otherSuites: [Suite] = [], leftOut: [MutantInfo] = [], scope: MatrixScope = .full,
                variants: [VariantInfo] = [], variantRuns: [VariantRun] = []) {
        self.suites = suites
        self.mutants = mutants
        self.clean = clean
        self.runs = runs
        self.otherSuites = otherSuites
        self.leftOut = leftOut
        self.scope = scope
        self.variants = variants
        self.variantRuns = variantRuns
    }

    /// A full matrix from whole runs: every mutant against every suite.
    public init(suites: [Suite], mutants: [MutantInfo], clean: RunResult, runs: [String: RunResult],
                otherSuites: [Suite] = [], leftOut: [MutantInfo] = []) {
        self.init(suites: suites, mutants: mutants, clean: MatrixCell.cells(of: clean),
                  runs: runs.mapValues(MatrixCell.cells(of:)), otherSuites: otherSuites, leftOut: leftOut)
    }

    /// The mutant's verdict on the case, or nil when that cell did not run.
    public func outcome(mutant: String, suite: String, case caseId: String) -> MatrixCell.Verdict? {
        runs[mutant]?.first { $0.suite == suite && $0.caseId == caseId }?.verdict
    }

    /// Mutants that make the case fail an expectation (a `<failure>`, not an `<error>`).
    public func killers(suite: String, case caseId: String) -> [String] {
        mutants.map(\.name).filter { outcome(mutant: $0, suite: suite, case: caseId) == .failed }
    }

    /// Cases (suite/case) where the mutant fails an expectation.
    public func kills(of mutant: String) -> [(suite: String, caseId: String)] {
        (runs[mutant] ?? []).filter { $0.verdict == .failed }.map { ($0.suite, $0.caseId) }
    }

    /// Cells that ran, clean integration and variants included.
    public var cellCount: Int {
        clean.count + runs.values.reduce(0) { $0 + $1.count } + variantRuns.reduce(0) { $0 + $1.cells.count }
    }

    /// Everything that makes the matrix untrustworthy, one line each; empty when it proves what it should.
    /// Only the suites and mutants that ran are judged (see ``undecided`` for what they cannot settle).
    public var problems: [String] {
        var found: [String] = []
        for cell in clean where cell.verdict.isFailure {
            found.append("the clean integration does not pass \(cell.suite)/\(cell.caseId)")
        }
        for mutant in mutants {
            switch escape(of: mutant) {
            case .problem(let line)?: found.append(line)
            case .undecided?, nil: break
            }
            for cell in runs[mutant.name] ?? [] where cell.verdict == .errored {
                found.append("mutant \(mutant.name) makes \(cell.suite)/\(cell.caseId) an error, not a failure: \(cell.problem ?? "no detail")")
            }
        }
        if leftOut.isEmpty { found += unkilledCases }
        return found + variantProblems
    }

    /// The cases that fail a conformant variant, each with the variant and the line that allows it: alone, or (when
    /// no member alone fails it) a compatible set together. A case the clean integration already fails is reported as
    /// that.
    public var variantProblems: [String] {
        let cleanFailing = Set(clean.filter(\.verdict.isFailure).map { MatrixPlan.key($0.suite, $0.caseId) })
        let alone = VariantPlan.aloneCells(variantRuns)
        let byName = Dictionary(variants.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func cited(_ name: String) -> String { byName[name]?.cited ?? name }
        var found: [String] = []
        for variant in variants {
            for (key, cell) in (alone[variant.name] ?? [:]).sorted(by: { $0.key < $1.key })
            where cell.verdict.isFailure && !cleanFailing.contains(key) {
                let how = cell.verdict == .errored ? "makes \(key) an error" : "is rejected by \(key)"
                found.append("variant \(variant.cited) \(how)" + (cell.problem.map { ": \($0)" } ?? ""))
            }
        }
        // Probes (halves of a set) only pin rejections on members; a set's own failure no member explains is the set's.
        let sets = Set(VariantInfo.compatibleSets(variants).map { $0.map(\.name) })
        for run in variantRuns where run.variants.count > 1 && sets.contains(run.variants) {
            for cell in run.cells where cell.verdict.isFailure {
                let key = MatrixPlan.key(cell.suite, cell.caseId)
                guard !cleanFailing.contains(key),
                      !run.variants.contains(where: { alone[$0]?[key]?.verdict.isFailure == true }) else { continue }
                found.append("variants \(run.variants.map(cited).joined(separator: ", ")) together are rejected by \(key), "
                             + "which none of them alone is")
            }
        }
        return found
    }

    /// The variants a case rejects: those that failed it alone.
    public func rejectingVariants(suite: String, case caseId: String) -> [String] {
        let key = MatrixPlan.key(suite, caseId)
        let alone = VariantPlan.aloneCells(variantRuns)
        return variants.map(\.name).filter { alone[$0]?[key]?.verdict.isFailure == true }
    }

    /// The variants a case accepts: those that passed it alone, or in a set while not run alone there.
    public func acceptingVariants(suite: String, case caseId: String) -> [String] {
        let key = MatrixPlan.key(suite, caseId)
        let alone = VariantPlan.aloneCells(variantRuns)
        return variants.map(\.name).filter { name in
            if let cell = alone[name]?[key] { return cell.verdict == .passed }
            return variantRuns.contains { run in
                run.variants.contains(name) && run.cells.contains { $0.suite == suite && $0.caseId == caseId && $0.verdict == .passed }
            }
        }
    }

    /// What the suites and mutants that ran cannot settle, one line each: mutants they miss that a suite
    /// that did not run might catch, and cases no mutant that ran fails that a mutant left out might fail.
    public var undecided: [String] {
        let mutantLines = mutants.compactMap { mutant -> String? in
            if case .undecided(let line)? = escape(of: mutant) { return line }
            return nil
        }
        return mutantLines + (leftOut.isEmpty ? [] : unkilledCases)
    }

    /// Cases no mutant fails, among those the clean integration runs: a case it skips (an SDK version or a
    /// capability it does not have) is judged by a matrix of an integration that runs it.
    private var unkilledCases: [String] {
        let skipped = Set(clean.filter { $0.verdict == .skipped }.map { "\($0.suite)/\($0.caseId)" })
        return suites.flatMap { suite in
            suite.cases.filter { killers(suite: suite.id, case: $0.id).isEmpty && !skipped.contains("\(suite.id)/\($0.id)") }.map { testCase in
                leftOut.isEmpty
                    ? "no mutant fails \(suite.id)/\(testCase.id): the case checks nothing a mutant breaks"
                    : "no mutant of the \(mutants.count) that ran fails \(suite.id)/\(testCase.id); one of the \(leftOut.count) left out might"
            }
        }
    }

    private enum Escape {
        case problem(String)
        case undecided(String)
    }

    /// Whether the mutant escapes the suites owning its requirements; nil when it is caught.
    private func escape(of mutant: MutantInfo) -> Escape? {
        func owns(_ suite: Suite) -> Bool { !Set(suite.requirements).isDisjoint(with: mutant.requirements) }
        let owning = suites.filter(owns).map(\.id)
        let owningElsewhere = otherSuites.filter(owns).map(\.id)
        let killedIn = Set(kills(of: mutant.name).map(\.suite))
        let ids = mutant.requirements.joined(separator: ",")
        if owning.isEmpty && owningElsewhere.isEmpty {
            // Nobody owns its requirements: any kill will do.
            guard killedIn.isEmpty else { return nil }
            if otherSuites.isEmpty { return .problem("mutant \(mutant.name) survives every suite") }
            return .undecided("mutant \(mutant.name) (\(ids)) survives the suites that ran; no suite owns its requirements and \(otherSuites.count) suite(s) did not run")
        }
        guard killedIn.isDisjoint(with: owning) else { return nil }
        if owningElsewhere.isEmpty {
            return .problem("mutant \(mutant.name) (\(ids)) is not caught by its suites \(owning.joined(separator: ", "))")
        }
        let missed = killedIn.isEmpty
            ? "survives the suites that ran"
            : "is caught only by \(killedIn.sorted().joined(separator: ", ")), which \(killedIn.count == 1 ? "owns" : "own") none of its requirements"
        return .undecided("mutant \(mutant.name) (\(ids)) \(missed); its suites \(owningElsewhere.joined(separator: ", ")) did not run")
    }

    /// A readable matrix per suite (K = killed by a failure, E = error, . = passed, S = skipped, - = not
    /// run), kill rates, and the cases no mutant fails.
    public func render() -> String {
        var lines: [String] = []
        for suite in suites {
            lines.append("\(suite.id)")
            let ids = suite.cases.map(\.id)
            for (index, id) in ids.enumerated() { lines.append("  c\(index + 1) = \(id)") }
            let width = max(12, mutants.map(\.name.count).max() ?? 12)
            // One column per case, wide enough for its label and a space (c10 and up need four).
            let column = "c\(ids.count)".count + 1
            func cell(_ text: String) -> String { text.padding(toLength: column, withPad: " ", startingAt: 0) }
            lines.append("  " + "mutant".padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                         + ids.indices.map { cell("c\($0 + 1)") }.joined())
            var killedMutants = 0
            for mutant in mutants {
                let marks = ids.map { id -> String in
                    switch outcome(mutant: mutant.name, suite: suite.id, case: id) {
                    case .failed?: return "K"
                    case .errored?: return "E"
                    case .skipped?: return "S"
                    case .passed?: return "."
                    case nil: return "-"
                    }
                }
                let row = marks.map(cell)
                if marks.contains("K") { killedMutants += 1 }
                lines.append("  " + mutant.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + row.joined())
            }
            let tagged = mutants.filter { !Set(suite.requirements).isDisjoint(with: $0.requirements) }
            let taggedKilled = tagged.filter { m in kills(of: m.name).contains { $0.suite == suite.id } }
            lines.append(String(format: "  kill rate: %d of %d mutants tagged with this suite's requirements (%d of %d overall)",
                                taggedKilled.count, tagged.count, killedMutants, mutants.count))
            let skipped = Set(clean.filter { $0.suite == suite.id && $0.verdict == .skipped }.map(\.caseId))
            let unkilled = ids.filter { killers(suite: suite.id, case: $0).isEmpty && !skipped.contains($0) }
            lines.append("  cases no mutant fails: " + (unkilled.isEmpty ? "none" : unkilled.joined(separator: ", ")))
            if !skipped.isEmpty {
                lines.append("  skipped by the integration (not judged here): " + ids.filter(skipped.contains).joined(separator: ", "))
            }
            lines.append("")
        }
        if scope == .restricted {
            lines.append("- = not run: a restricted matrix runs each mutant against the suites owning its requirements, and other cells only for cases no mutant had failed (--full runs every cell)")
        }
        lines += renderVariants()
        return lines.joined(separator: "\n")
    }

    /// The variants: each with its decision point, source and how many cases accept it, or which reject it; then
    /// the compatible sets that ran together.
    private func renderVariants() -> [String] {
        guard !variants.isEmpty else { return [] }
        let alone = VariantPlan.aloneCells(variantRuns)
        var lines = ["", "variants (readings the guides allow: every case must accept them)"]
        let width = variants.map(\.name.count).max() ?? 0
        for variant in variants {
            let cells = alone[variant.name] ?? [:]
            let rejecting = cells.filter { $0.value.verdict.isFailure }.keys.sorted()
            let passed = cells.values.filter { $0.verdict == .passed }.count
            let verdict = rejecting.isEmpty ? "accepted by \(passed) case(s) alone" : "rejected by " + rejecting.joined(separator: ", ")
            lines.append("  " + variant.name.padding(toLength: width, withPad: " ", startingAt: 0)
                         + "  \(variant.source)  [\(variant.decisionPoint)]  \(verdict)")
        }
        for set in VariantInfo.compatibleSets(variants).map({ $0.map(\.name) }) where set.count > 1 {
            let cells = variantRuns.filter { $0.variants == set }.flatMap(\.cells)
            let failing = cells.filter(\.verdict.isFailure).count
            lines.append("  together on \(cells.count) case(s), \(failing) failing: \(set.joined(separator: ", "))")
        }
        return lines
    }
}
