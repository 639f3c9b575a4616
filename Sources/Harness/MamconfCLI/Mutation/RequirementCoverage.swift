import ConformanceCore
import SuiteLoader

/// Which case checks which requirement, and whether that check is proven by a mutant it kills.
struct RequirementCoverage {
    let catalog: RequirementCatalog
    let suites: [Suite]
    let matrix: MutationMatrix?
    let mutants: [MutantInfo]

    private func citing(_ id: String) -> [(suite: String, caseId: String)] {
        suites.flatMap { suite in suite.cases.filter { $0.requirements.contains(id) }.map { (suite.id, $0.id) } }
    }

    /// Cases citing an ID the catalog does not know.
    var unknownCitations: [String] {
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

    func render(prefixes: [String]) -> String {
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
                let note = matrix == nil ? "" : "  kills: " + (killers.isEmpty ? "none" : killers.map { tagged.contains($0) ? "\($0)*" : $0 }.joined(separator: ", "))
                lines.append("    \(suite)/\(caseId)\(note)")
            }
        }
        if matrix != nil { lines.append("(* = mutant tagged with that requirement)") }
        return lines.joined(separator: "\n")
    }

    /// Checkable IDs not proven: no citing case kills a mutant tagged with the ID.
    func strictGaps(prefixes: [String]) -> [String] {
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
