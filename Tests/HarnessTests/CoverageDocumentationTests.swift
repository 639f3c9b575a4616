import Foundation
import SuiteLoader
import Testing

/// docs/coverage.md is a ledger, not prose: it names requirements and cases, lists every field failure mode once,
/// and sums its rows in a summary. These checks keep it that way, so a renamed case, a dropped requirement or a
/// row added without its count shows up as a failure instead of a page that quietly drifts.
@Suite struct CoverageDocumentationTests {
    static let path = "\(Repository.root)/docs/coverage.md"

    static func page() throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// The text of a `## ` section, up to the next one.
    static func section(_ title: String, of page: String) throws -> Substring {
        let start = try #require(page.range(of: "\n## \(title)\n"), "docs/coverage.md has no section \(title)")
        let rest = page[start.upperBound...]
        return rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
    }

    /// The body rows of every table in `text`, each as its trimmed cells; a header row (the one above a `|---|`
    /// separator) and the separator are left out.
    static func rows(in text: Substring) -> [[String]] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.indices.filter { index in
            lines[index].hasPrefix("| ") && !(index + 1 < lines.endIndex && lines[index + 1].hasPrefix("|---"))
        }.map { index in
            lines[index].split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The behaviour tables, per `### ` area, in page order.
    static func areas(of page: String) throws -> [(name: String, rows: [[String]])] {
        let behaviours = try section("Behaviours", of: page)
        return behaviours.components(separatedBy: "\n### ").dropFirst().map { part in
            let name = String(part.prefix { $0 != "\n" })
            return (name, rows(in: Substring(part)))
        }
    }

    /// Text quoted in backticks that reads as `suite/case`.
    static func caseNames(in text: String) -> [String] {
        let quoted = text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
        return quoted.map { String($0.element) }.filter { name in
            let parts = name.split(separator: "/", omittingEmptySubsequences: false)
            return parts.count == 2 && parts.allSatisfy { part in
                !part.isEmpty && part.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }
            }
        }
    }

    /// The coverage a cell states: the word it starts with, before any colon.
    static func verdict(_ cell: String) -> String {
        String(cell.prefix { $0 != ":" })
    }

    @Test func everyRequirementThePageNamesIsInTheCatalog() throws {
        let page = try Self.page()
        let (catalog, errors) = RequirementCatalog.load(path: "\(Repository.suites)/requirements.yaml")
        try #require(errors.isEmpty, "\(errors)")
        let known = try #require(catalog).ids
        let pattern = try Regex(#"\b[A-Z]{2,4}-[0-9]{2}\b"#)
        let named = Set(page.matches(of: pattern).map { String(page[$0.range]) }.filter { !$0.hasPrefix("FM-") })
        #expect(named.count > 50, "the page names only \(named.count) requirements")
        let unknown = named.filter { !known.contains($0) }.sorted()
        #expect(unknown.isEmpty, "docs/coverage.md names requirements Suites/requirements.yaml does not have: \(unknown)")
    }

    @Test func everyCaseThePageNamesExists() throws {
        let page = try Self.page()
        let (catalog, catalogErrors) = RequirementCatalog.load(path: "\(Repository.suites)/requirements.yaml")
        try #require(catalogErrors.isEmpty, "\(catalogErrors)")
        let loaded = SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: catalog)
            .load(paths: SuiteLoader.suiteFiles(in: Repository.suites))
        try #require(loaded.errors.isEmpty, "\(loaded.errors)")
        let cases = Set(loaded.suites.flatMap { suite in suite.cases.map { "\(suite.id)/\($0.id)" } })
        let named = Set(Self.caseNames(in: page))
        #expect(named.count > 50, "the page names only \(named.count) cases")
        let missing = named.filter { !cases.contains($0) }.sorted()
        #expect(missing.isEmpty, "docs/coverage.md names cases no suite has: \(missing)")
    }

    @Test func everyFieldFailureModeHasExactlyOneRow() throws {
        let rows = Self.rows(in: try Self.section("Field failure modes", of: try Self.page()))
        let modes = rows.map { $0[0] }
        #expect(modes == (1...29).map { String(format: "FM-%02d", $0) }, "the FM table lists \(modes)")
        for row in rows {
            #expect(row.count == 4, "\(row[0]): \(row)")
            for cell in row.dropFirst(2) {
                #expect(["yes", "partly", "no", "not through an adapter"].contains(Self.verdict(cell)), "\(row[0]): \(cell)")
            }
        }
    }

    @Test func everyBehaviourCitesAGuideLineAndSaysHowItIsCovered() throws {
        let edition = try Regex(#"`00[0-4]:[0-9]+"#)
        for area in try Self.areas(of: try Self.page()) {
            #expect(!area.rows.isEmpty, "area \(area.name) has no rows")
            for row in area.rows {
                #expect(row.count == 7, "\(area.name) \(row.first ?? ""): \(row)")
                guard row.count == 7 else { continue }
                #expect(row[2].contains(edition), "\(row[0]) cites no guide line: \(row[2])")
                for cell in row[5...6] {
                    let verdict = Self.verdict(cell)
                    #expect(["full", "partial", "none"].contains(verdict), "\(row[0]): \(cell)")
                    // What is missing is said, not implied.
                    #expect(verdict == "full" || cell.count > verdict.count + 2, "\(row[0]) says \(verdict) without what is missing")
                    // Full coverage needs a requirement and a case that asserts it.
                    #expect(verdict != "full" || (row[3] != "—" && !Self.caseNames(in: row[4]).isEmpty), "\(row[0]) is full with no case")
                }
            }
        }
    }

    /// How many rows state `verdict` in `column`.
    static func count(_ rows: [[String]], _ column: Int, _ verdict: String) -> Int {
        rows.filter { $0.count > column && Self.verdict($0[column]) == verdict }.count
    }

    /// The summary rows the page must show, recounted from its behaviour and failure-mode rows.
    static func recountedSummary(of page: String) throws -> [[String]] {
        var counts: [(name: String, rows: Int, before: Int, now: Int)] = []
        for area in try areas(of: page) {
            counts.append((area.name, area.rows.count, count(area.rows, 5, "full"), count(area.rows, 6, "full")))
        }
        let totals = counts.reduce((rows: 0, before: 0, now: 0)) { sum, area in
            (sum.rows + area.rows, sum.before + area.before, sum.now + area.now)
        }
        var rows: [[String]] = counts.map { [$0.name, String($0.rows), String($0.before), String($0.now)] }
        rows.append(["Total", String(totals.rows), String(totals.before), String(totals.now)])
        let modes = Self.rows(in: try section("Field failure modes", of: page))
        for verdict in ["yes", "partly", "no", "not through an adapter"] {
            rows.append([verdict, String(count(modes, 2, verdict)), String(count(modes, 3, verdict))])
        }
        rows.append(["Total", String(modes.count), String(modes.count)])
        return rows
    }

    @Test func theSummaryCountsTheRowsAboveIt() throws {
        let page = try Self.page()
        let summary = Self.rows(in: try Self.section("Summary", of: page))
        let recounted = try Self.recountedSummary(of: page)
        let table = recounted.map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n")
        #expect(summary == recounted, "the summary of docs/coverage.md does not match its rows; recounted:\n\(table)")
    }
}
