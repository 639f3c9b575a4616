import ConformanceCore
import SuiteLoader

/// Which case checks which requirement, whether that check is proven by a mutant it kills, and which conformant
/// variants it accepts.
public struct RequirementCoverage {
    let catalog: RequirementCatalog
    let suites: [Suite]
    let matrix: MutationMatrix?
    let mutants: [MutantInfo]

    public init(catalog: RequirementCatalog, suites: [Suite], matrix: MutationMatrix?, mutants: [MutantInfo]) {
        self.catalog = catalog
        self.suites = suites
        self.matrix = matrix
        self.mutants = mutants
    }

    private func citing(_ id: String) -> [(suite: String, caseId: String)] {
        suites.flatMap { suite in suite.cases.filter { $0.requirements.contains(id) }.map { (suite.id, $0.id) } }
    }

    /// Cases citing an ID the catalog does not know.
    public var unknownCitations: [String] {
        let known = catalog.ids
        return suites.flatMap { suite in
            suite.cases.flatMap { testCase in
                testCase.requirements.filter { !known.contains($0) }.map { "\(suite.id)/\(testCase.id) cites unknown requirement \($0)" }
            }
        }
    }

    private func included(_ id: String, _ prefixes: [String]) -> Bool {
        prefixes.isEmpty || prefixes.contains { id.hasPrefix($0 + "-") || id == $0 }
    }

    public func render(prefixes: [String]) -> String {
        var lines: [String] = []
        for entry in catalog.entries where included(entry.id, prefixes) {
            guard entry.checkable else {
                lines.append("\(entry.id)  not checkable: \(entry.reason ?? "")")
                continue
            }
            let cases = citing(entry.id)
            lines.append("\(entry.id)  \(cases.isEmpty ? "cited by no case" : "\(cases.count) case(s)")")
            for (suite, caseId) in cases {
                let killers = matrix?.killers(suite: suite, case: caseId) ?? []
                let tagged = killers.filter { name in mutants.first { $0.name == name }?.requirements.contains(entry.id) == true }
                var note = matrix == nil ? "" : "  kills: " + (killers.isEmpty ? "none" : killers.map { tagged.contains($0) ? "\($0)*" : $0 }.joined(separator: ", "))
                if let matrix, !matrix.variants.isEmpty {
                    // The variants of this requirement the case accepts, and any variant at all it rejects.
                    let accepted = Set(matrix.acceptingVariants(suite: suite, case: caseId))
                    let own = matrix.variants.filter { $0.requirements.contains(entry.id) }.map(\.name).filter(accepted.contains)
                    let rejected = matrix.rejectingVariants(suite: suite, case: caseId)
                    note += "  accepts: " + (own.isEmpty ? "none" : own.joined(separator: ", "))
                    if !rejected.isEmpty { note += "  rejects: " + rejected.joined(separator: ", ") }
                }
                lines.append("    \(suite)/\(caseId)\(note)")
            }
        }
        if let matrix {
            lines.append("(* = mutant tagged with that requirement" + (matrix.variants.isEmpty ? ")"
                : "; accepts: the variants tagged with it that pass the case; rejects: every variant that fails it)"))
        }
        return lines.joined(separator: "\n")
    }

    /// Checkable IDs not proven: no citing case kills a mutant tagged with the ID.
    public func strictGaps(prefixes: [String]) -> [String] {
        guard let matrix else { return [] }
        return catalog.entries.filter { $0.checkable && included($0.id, prefixes) }.compactMap { entry in
            let proven = citing(entry.id).contains { suite, caseId in
                matrix.killers(suite: suite, case: caseId).contains { name in
                    mutants.first { $0.name == name }?.requirements.contains(entry.id) == true
                }
            }
            return proven ? nil : "\(entry.id) is not cited by any case that kills a mutant tagged \(entry.id)"
        }
    }
}
