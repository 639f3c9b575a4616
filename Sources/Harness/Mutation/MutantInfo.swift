/// One deliberately broken variant of an integration, as its adapter lists it (`--list-mutants`).
public struct MutantInfo: Sendable, Hashable, Codable {
    public var name: String
    /// The requirement IDs the defect violates.
    public var requirements: [String]
    public var summary: String

    public init(name: String, requirements: [String], summary: String) {
        self.name = name
        self.requirements = requirements
        self.summary = summary
    }

    /// Parses `name<TAB>ID,ID<TAB>summary` lines.
    public static func parse(listing: String) -> [MutantInfo] {
        listing.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard let name = fields.first?.trimmingCharacters(in: .whitespaces), !name.isEmpty else { return nil }
            let ids = fields.count > 1
                ? fields[1].split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init) : []
            return MutantInfo(name: name, requirements: ids, summary: fields.count > 2 ? fields[2] : "")
        }
    }
}
