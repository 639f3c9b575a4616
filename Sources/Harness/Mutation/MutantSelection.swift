import ConformanceCore

/// The mutants a choice of suites can judge. A suite judges a mutant when it cites one of the mutant's
/// requirement IDs (in its own `requirements` or a case's); running the other mutants against it would only
/// report them as surviving, which says nothing about them.
public struct MutantSelection: Sendable {
    /// The suites that run.
    public let suites: [Suite]
    /// Suites loaded but not run: a mutant whose requirements they own is not judged an escape when the
    /// selected suites miss it, since one of these might catch it.
    public let otherSuites: [Suite]
    /// The mutants that run, in the adapter's order.
    public let mutants: [MutantInfo]
    /// The mutants no selected suite cites a requirement of, in the adapter's order.
    public let leftOut: [MutantInfo]

    /// Every suite and every mutant when `suiteIDs` is empty; otherwise the named suites and the mutants
    /// tagged with a requirement they cite.
    public init(suites all: [Suite], suiteIDs: [String], mutants: [MutantInfo]) {
        guard !suiteIDs.isEmpty else {
            self.suites = all
            self.otherSuites = []
            self.mutants = mutants
            self.leftOut = []
            return
        }
        let selected = all.filter { suiteIDs.contains($0.id) }
        let judged = { (mutant: MutantInfo) in selected.contains { MatrixPlan.judges($0, mutant) } }
        self.suites = selected
        self.otherSuites = all.filter { !suiteIDs.contains($0.id) }
        self.mutants = mutants.filter(judged)
        self.leftOut = mutants.filter { !judged($0) }
    }

    /// One line saying how many mutants were left out and why; nil when none were.
    public var leftOutSummary: String? {
        guard !leftOut.isEmpty else { return nil }
        let total = mutants.count + leftOut.count
        return "left out \(leftOut.count) of \(total) mutants: none of their requirements is cited by "
            + "\(suites.map(\.id).joined(separator: ", ")), so these suites cannot judge them (run without --suite for all)"
    }
}
