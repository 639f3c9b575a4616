import Foundation
import ReferenceApp
import Testing

/// `docs/reference-integration.md` lists every variant as the catalogue has it: a variant added, renamed or re-sourced
/// without its row is a test failure, not a stale page.
@Suite struct ReferenceVariantTableTests {
    /// The table row of a variant, as the page spells it.
    static func row(_ variant: ReferenceVariant) -> String {
        let side = variant.decisionPoint.hasPrefix("sdk.") ? "SDK" : "app"
        let point = variant.decisionPoint.split(separator: ".", maxSplits: 1).last.map(String.init) ?? variant.decisionPoint
        return "| `\(variant.name)` | \(side) | \(variant.requirementIDs.joined(separator: ", ")) | \(variant.source) | `\(point)` | \(variant.summary) |"
    }

    /// The rows of the page's variant table, in order.
    static func documentedRows() throws -> [String] {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let page = try String(contentsOf: root.appendingPathComponent("docs/reference-integration.md"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: "\n## Variants\n").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        return section.split(separator: "\n").map(String.init).filter { $0.hasPrefix("| `") }
    }

    @Test func theReferencePageListsEveryVariantAsTheCatalogueHasIt() throws {
        let documented = try Self.documentedRows()
        #expect(documented.count >= 25)
        #expect(documented == ReferenceVariant.all.map(Self.row))
    }
}
