import ConformanceCore

/// Which runs judge the variants. Every compatible set runs together over every suite (the whole run with as many
/// readings on at once as can be). Every variant also runs alone: in a restricted matrix on the cases that cite its
/// requirements, in a full one on every case. A case that fails a set is then pinned on its members: those that did
/// not run alone there are tested in halves, a half that passes holding none that fails it, down to single
/// variants; when none fails it alone, the set is rejected together. The restricted and the full plan thus find the
/// same problems, the restricted one running the whole suites only with the sets.
struct VariantPlan {
    let suites: [Suite]
    let variants: [VariantInfo]
    let scope: MatrixScope

    /// One run: some variants on at once, against suites cut to the cases it runs.
    struct Work {
        let variants: [VariantInfo]
        let suites: [Suite]
        var caseCount: Int { suites.reduce(0) { $0 + $1.cases.count } }
    }

    var sets: [[VariantInfo]] { VariantInfo.compatibleSets(variants) }

    /// The sets over every suite, a run per suite (first: the longest runs; a whole-run set would be the matrix's
    /// longest pole), then each variant alone where its set does not already run it alone: on the cases citing its
    /// requirements, or everywhere in a full matrix.
    func firstRound() -> [Work] {
        guard !variants.isEmpty, !suites.isEmpty else { return [] }
        let sets = self.sets
        let alone = variants.compactMap { variant -> Work? in
            if sets.contains([variant]) { return nil }
            let wanted = Set(variant.requirements)
            let chosen = scope == .full ? suites : cut(suites) { !wanted.isDisjoint(with: $0.requirements) }
            return chosen.isEmpty ? nil : Work(variants: [variant], suites: chosen)
        }
        return sets.flatMap { set in suites.map { Work(variants: set, suites: [$0]) } } + alone
    }

    /// The next probes, given what ran: for each case a set failed, the members not yet run alone there, in halves;
    /// a half that failed is split again, down to single variants. Empty once every failing case is settled (and in
    /// a full matrix, where every variant ran alone everywhere). Probes of the same variants are one run.
    func followUp(after runs: [VariantRun]) -> [Work] {
        guard scope == .restricted else { return [] }
        let verdicts = Self.verdicts(runs)
        // What the first round runs alone, so the groups below do not change as probes fill in single verdicts.
        var covered: [String: Set<String>] = [:]
        for work in firstRound() where work.variants.count == 1 {
            covered[work.variants[0].name] = Set(work.suites.flatMap { suite in suite.cases.map { MatrixPlan.key(suite.id, $0.id) } })
        }
        var wanted: [[String]: Set<String>] = [:]
        for set in sets.map({ $0.map(\.name) }) where set.count > 1 {
            for (key, failed) in verdicts[set] ?? [:] where failed {
                let untried = set.filter { covered[$0]?.contains(key) != true }
                for group in Self.probes(untried, key: key, verdicts: verdicts, whole: set) {
                    wanted[group, default: []].insert(key)
                }
            }
        }
        let byName = Dictionary(variants.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return wanted.sorted { $0.key.joined(separator: "+") < $1.key.joined(separator: "+") }.compactMap { names, keys in
            let chosen = cut(suites) { keys.contains($0.key) }
            return chosen.isEmpty ? nil : Work(variants: names.compactMap { byName[$0] }, suites: chosen)
        }
    }

    /// The groups still to run on `key` to learn which of `group` fail it alone: the group itself unless it ran
    /// there (a passing group holds no variant that fails alone); once it failed, its halves.
    private static func probes(_ group: [String], key: String, verdicts: [[String]: [String: Bool]], whole: [String]) -> [[String]] {
        guard !group.isEmpty else { return [] }
        let failed = group == whole ? true : verdicts[group]?[key]
        guard let failed else { return [group] }
        guard failed, group.count > 1 else { return [] }
        let half = group.count / 2
        return probes(Array(group[..<half]), key: key, verdicts: verdicts, whole: whole)
            + probes(Array(group[half...]), key: key, verdicts: verdicts, whole: whole)
    }

    /// Fills the variants' part of the matrix: the first round, then probes until every failing case is settled.
    /// `execute` runs a round's work and returns each run's cells.
    func fill(execute: ([Work]) async -> [VariantRun]) async -> [VariantRun] {
        var runs = await execute(firstRound())
        while case let more = followUp(after: runs), !more.isEmpty {
            runs += await execute(more)
        }
        return runs
    }

    /// `suites` cut to the cases `keep` takes (given the case's `suite/case` key and the requirements it cites);
    /// suites left empty go.
    private func cut(_ suites: [Suite], keep: ((key: String, requirements: [String])) -> Bool) -> [Suite] {
        suites.compactMap { suite -> Suite? in
            var cut = suite
            cut.cases = suite.cases.filter { keep((MatrixPlan.key(suite.id, $0.id), $0.requirements)) }
            return cut.cases.isEmpty ? nil : cut
        }
    }

    /// Per run of the same variants, whether each case (`suite/case`) failed there, over every run of them.
    static func verdicts(_ runs: [VariantRun]) -> [[String]: [String: Bool]] {
        var verdicts: [[String]: [String: Bool]] = [:]
        for run in runs {
            for cell in run.cells { verdicts[run.variants, default: [:]][MatrixPlan.key(cell.suite, cell.caseId)] = cell.verdict.isFailure }
        }
        return verdicts
    }

    /// Per variant, the verdict of each case (`suite/case`) it ran alone.
    static func aloneCells(_ runs: [VariantRun]) -> [String: [String: MatrixCell]] {
        var cells: [String: [String: MatrixCell]] = [:]
        for run in runs where run.variants.count == 1 {
            for cell in run.cells { cells[run.variants[0], default: [:]][MatrixPlan.key(cell.suite, cell.caseId)] = cell }
        }
        return cells
    }
}
