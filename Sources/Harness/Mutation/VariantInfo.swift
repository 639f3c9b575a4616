/// One conformant variant of an integration, as its adapter lists it (`--list-variants`): another reading of the
/// guides that the suites must accept, the counterpart of a mutant.
public struct VariantInfo: Sendable, Hashable, Codable {
    public var name: String
    /// The requirement IDs whose cases see the variant's behaviour.
    public var requirements: [String]
    /// The guide (or header, or contract) line that allows the reading, e.g. `000:672`.
    public var source: String
    /// The decision point the variant turns; variants of one decision point exclude each other.
    public var decisionPoint: String
    public var summary: String

    public init(name: String, requirements: [String], source: String, decisionPoint: String, summary: String) {
        self.name = name
        self.requirements = requirements
        self.source = source
        self.decisionPoint = decisionPoint
        self.summary = summary
    }

    /// Parses `name<TAB>ID,ID<TAB>source<TAB>decision point<TAB>summary` lines. A line without a decision point
    /// is a decision point of its own (its name), so it combines with every other variant.
    public static func parse(listing: String) -> [VariantInfo] {
        listing.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard let name = fields.first?.trimmingCharacters(in: .whitespaces), !name.isEmpty else { return nil }
            func field(_ index: Int) -> String {
                index < fields.count ? fields[index].trimmingCharacters(in: .whitespaces) : ""
            }
            let ids = field(1).split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
            let point = field(3)
            return VariantInfo(name: name, requirements: ids, source: field(2), decisionPoint: point.isEmpty ? name : point,
                               summary: fields.count > 4 ? fields[4...].joined(separator: "\t") : "")
        }
    }

    /// Splits variants into as few sets as their decision points allow: the first variant of every decision point
    /// in the first set, the second in the second, and so on. Every set can run at once.
    public static func compatibleSets(_ variants: [VariantInfo]) -> [[VariantInfo]] {
        var sets: [[VariantInfo]] = []
        var taken: [String: Int] = [:]
        for variant in variants {
            let index = taken[variant.decisionPoint, default: 0]
            taken[variant.decisionPoint] = index + 1
            if index == sets.count { sets.append([]) }
            sets[index].append(variant)
        }
        return sets
    }

    /// `name (source)`: how a problem names the variant and the line that allows it.
    public var cited: String { "\(name) (\(source.isEmpty ? "no source given" : source))" }
}

/// One run of the suites with some variants on at once (one alone, or a compatible set), and its cells.
public struct VariantRun: Sendable, Codable, Hashable {
    /// The variants that were on, by name, in listing order.
    public var variants: [String]
    public var cells: [MatrixCell]

    public init(variants: [String], cells: [MatrixCell]) {
        self.variants = variants
        self.cells = cells
    }
}
