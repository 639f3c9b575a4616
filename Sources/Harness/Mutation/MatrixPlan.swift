import ConformanceCore

/// How much of the mutation matrix a run fills in.
public enum MatrixScope: String, Sendable, Codable {
    /// Only the cells that decide the matrix's questions (see ``MatrixPlan``).
    case restricted
    /// Every mutant against every suite.
    case full
}

/// Which cells of the mutation matrix to run. The matrix asks two things: is each mutant caught by a suite
/// owning one of its requirements, and does every case catch some mutant. The first is settled by running
/// each mutant against the suites that cite its requirements; the second needs more cells only for the cases
/// that round left uncaught, and only until one mutant fails them. A mutant whose requirements no suite owns
/// may be caught anywhere, so it runs against everything it has not run yet.
struct MatrixPlan {
    let suites: [Suite]
    /// Suites loaded but not run (`mutants --suite`); they count as owners, so a mutant only they own is not
    /// sent through every selected suite.
    let otherSuites: [Suite]
    let mutants: [MutantInfo]
    let scope: MatrixScope
    /// Cases the clean integration skips (`suite/case`): no mutant can fail them, so no follow-up chases them.
    var skippedByClean: Set<String> = []

    /// One mutant's share of a round: the suites it runs, each cut down to the cases it runs.
    struct Work {
        let mutant: MutantInfo
        let suites: [Suite]
        var caseCount: Int { suites.reduce(0) { $0 + $1.cases.count } }
    }

    /// A suite judges a mutant when it or one of its cases cites one of the mutant's requirements.
    static func judges(_ suite: Suite, _ mutant: MutantInfo) -> Bool {
        judges(suite, requirements: mutant.requirements)
    }

    /// A suite judges a variant (or a mutant) of these requirements when it or one of its cases cites one.
    static func judges(_ suite: Suite, requirements: [String]) -> Bool {
        let cited = Set(suite.requirements + suite.cases.flatMap(\.requirements))
        return !cited.isDisjoint(with: requirements)
    }

    private func ownedAnywhere(_ mutant: MutantInfo) -> Bool {
        (suites + otherSuites).contains { Self.judges($0, mutant) }
    }

    /// The first round: every mutant against the suites judging it (all suites in a full matrix). A mutant
    /// no suite judges runs nothing here; ``followUp(after:for:)`` sends it everywhere.
    func firstRound() -> [Work] {
        mutants.compactMap { mutant in
            let chosen = scope == .full ? suites : suites.filter { Self.judges($0, mutant) }
            return chosen.isEmpty ? nil : Work(mutant: mutant, suites: chosen)
        }
    }

    /// Cases no mutant has failed so far, as `suite/case` keys.
    func uncaught(after runs: [String: [MatrixCell]]) -> Set<String> {
        var caught = Set<String>()
        for cells in runs.values { for cell in cells where cell.verdict == .failed { caught.insert(Self.key(cell.suite, cell.caseId)) } }
        return Set(suites.flatMap { suite in suite.cases.map { Self.key(suite.id, $0.id) } })
            .subtracting(caught).subtracting(skippedByClean)
    }

    /// The next cells for `batch`, given what ran: each mutant against the still uncaught cases it has not
    /// run, and a mutant no suite judges (and nothing caught) against every case it has not run. Empty in a
    /// full matrix, which ran everything in its first round.
    func followUp(after runs: [String: [MatrixCell]], for batch: some Sequence<MutantInfo>) -> [Work] {
        guard scope == .restricted else { return [] }
        let open = uncaught(after: runs)
        return batch.compactMap { mutant in
            let ran = Set((runs[mutant.name] ?? []).map { Self.key($0.suite, $0.caseId) })
            let killedSomething = (runs[mutant.name] ?? []).contains { $0.verdict == .failed }
            let everywhere = !ownedAnywhere(mutant) && !killedSomething
            let chosen = suites.compactMap { suite -> Suite? in
                var cut = suite
                cut.cases = suite.cases.filter { testCase in
                    let key = Self.key(suite.id, testCase.id)
                    return !ran.contains(key) && (everywhere || open.contains(key))
                }
                return cut.cases.isEmpty ? nil : cut
            }
            return chosen.isEmpty ? nil : Work(mutant: mutant, suites: chosen)
        }
    }

    /// Whether a later batch could still add a cell: some case is uncaught, or a mutant no suite judges has
    /// caught nothing yet.
    func unsettled(after runs: [String: [MatrixCell]]) -> Bool {
        guard scope == .restricted else { return false }
        if !uncaught(after: runs).isEmpty { return true }
        return mutants.contains { mutant in
            !ownedAnywhere(mutant) && !(runs[mutant.name] ?? []).contains { $0.verdict == .failed }
        }
    }

    /// Fills the matrix: the first round, then follow-ups a batch of `batchSize` mutants at a time, only while
    /// something is unsettled. `execute` runs one round's work and returns each mutant's cells;
    /// `firstRound` tells it which round it runs (for progress lines). `skippedByClean` is asked once, between
    /// the rounds (the clean run goes on beside the first round), for the cases the clean integration skips.
    func fill(batchSize: Int, skippedByClean: () async -> Set<String> = { [] },
              execute: ([Work], _ firstRound: Bool) async -> [(MutantInfo, [MatrixCell])]) async -> [String: [MatrixCell]] {
        var runs: [String: [MatrixCell]] = [:]
        for (mutant, cells) in await execute(firstRound(), true) { runs[mutant.name, default: []] += cells }
        var plan = self
        plan.skippedByClean = await skippedByClean()
        var remaining = mutants[...]
        while !remaining.isEmpty, plan.unsettled(after: runs) {
            let batch = remaining.prefix(max(1, batchSize))
            remaining = remaining.dropFirst(batch.count)
            let work = plan.followUp(after: runs, for: batch)
            guard !work.isEmpty else { continue }
            for (mutant, cells) in await execute(work, false) { runs[mutant.name, default: []] += cells }
        }
        return runs
    }

    static func key(_ suite: String, _ caseId: String) -> String { "\(suite)/\(caseId)" }
}
