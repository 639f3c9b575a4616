import ConformanceCore

/// Which runs judge the variants. Every compatible set runs together over every suite (the whole run with as many
/// readings on at once as can be); every variant also runs alone, against the suites that cite its requirements (a
/// restricted matrix) or against every suite (a full one). A case that fails a set where no member ran alone is then
/// run with each such member alone, so every rejection is pinned on a variant, or on the set when each member alone
/// passes. The restricted and the full plan thus find the same problems.
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

    /// The sets over every suite (first: the longest runs), then each variant alone where its set does not already
    /// run it alone.
    func firstRound() -> [Work] {
        guard !variants.isEmpty, !suites.isEmpty else { return [] }
        let sets = self.sets
        let alone = variants.compactMap { variant -> Work? in
            if sets.contains([variant]) { return nil }
            let chosen = scope == .full ? suites : suites.filter { MatrixPlan.judges($0, requirements: variant.requirements) }
            return chosen.isEmpty ? nil : Work(variants: [variant], suites: chosen)
        }
        return sets.map { Work(variants: $0, suites: suites) } + alone
    }

    /// Each member of a set, alone, on the cases that failed the set and that the member has not run alone.
    func followUp(after runs: [VariantRun]) -> [Work] {
        guard scope == .restricted else { return [] }
        let ranAlone = Self.aloneCells(runs)
        var wanted: [String: Set<String>] = [:]
        for run in runs where run.variants.count > 1 {
            for cell in run.cells where cell.verdict.isFailure {
                let key = MatrixPlan.key(cell.suite, cell.caseId)
                for name in run.variants where ranAlone[name]?[key] == nil { wanted[name, default: []].insert(key) }
            }
        }
        return variants.compactMap { variant -> Work? in
            guard let keys = wanted[variant.name] else { return nil }
            let chosen = suites.compactMap { suite -> Suite? in
                var cut = suite
                cut.cases = suite.cases.filter { keys.contains(MatrixPlan.key(suite.id, $0.id)) }
                return cut.cases.isEmpty ? nil : cut
            }
            return chosen.isEmpty ? nil : Work(variants: [variant], suites: chosen)
        }
    }

    /// Fills the variants' part of the matrix: the first round, then the follow-ups. `execute` runs a round's work and
    /// returns each run's cells.
    func fill(execute: ([Work]) async -> [VariantRun]) async -> [VariantRun] {
        var runs = await execute(firstRound())
        let more = followUp(after: runs)
        if !more.isEmpty { runs += await execute(more) }
        return runs
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
