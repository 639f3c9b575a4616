import AdapterProtocol
import Foundation

extension RequirementVersions {
    /// The name an entry takes when the case itself holds for fewer versions than its requirements (a status code the
    /// SDK gained later), rather than one requirement.
    public static let wholeCase = "the case"

    /// The one-line form a JUnit report keeps per case (`ENR-19: from 19.3.0 before 20.0.0`, `the case: from 17.5.0`),
    /// so the HTML report's requirement coverage can name the SDK range that applies when it is rendered later from
    /// JUnit alone.
    public var text: String {
        var words: [String] = []
        if let from = range.from { words += ["from", from.description] }
        if let before = range.before { words += ["before", before.description] }
        return "\(requirement): " + words.joined(separator: " ")
    }

    /// Several entries on one line, `;` between them.
    public static func text(of entries: [RequirementVersions]) -> String {
        entries.map(\.text).joined(separator: "; ")
    }

    /// Reads what ``text(of:)`` wrote; an entry it cannot read (an edited report) is left out rather than guessed.
    public static func entries(fromText line: String) -> [RequirementVersions] {
        line.split(separator: ";").compactMap { part in
            let sides = part.split(separator: ":", maxSplits: 1)
            let requirement = sides.first?.trimmingCharacters(in: .whitespaces) ?? ""
            guard sides.count == 2, !requirement.isEmpty else { return nil }
            let words = sides[1].split(separator: " ").map(String.init)
            guard !words.isEmpty, words.count % 2 == 0 else { return nil }
            var range = SDKVersionRange()
            for index in stride(from: 0, to: words.count, by: 2) {
                guard let version = SDKVersion(words[index + 1]) else { return nil }
                switch words[index] {
                case "from" where range.from == nil: range.from = version
                case "before" where range.before == nil: range.before = version
                default: return nil
                }
            }
            return RequirementVersions(requirement: requirement, range: range)
        }
    }
}
