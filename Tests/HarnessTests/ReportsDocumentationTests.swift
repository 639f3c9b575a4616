import Foundation
import JUnitXML
import Testing

/// docs/reports.md names every dialect, every property the merge relies on, and the commands and options.
@Suite struct ReportsDocumentationTests {
    @Test func theReportsPageNamesEveryDialectMergePropertyAndOption() throws {
        let page = try String(contentsOfFile: "\(Repository.root)/docs/reports.md", encoding: .utf8)
        var names = JUnitDialect.allCases.map(\.rawValue)
        names += [JUnitRunProperty.suitesDigest, JUnitRunProperty.suiteIndex, JUnitRunProperty.cases, JUnitRunProperty.shard]
        names += ["--junit-dialect", "--junit-dir", "--format markdown", "mamconf merge OUT.xml IN...", "mamconf compare BASE NEW"]
        names += ["--html", "mamconf report", "--allow-missing-shards"]
        names += ["flakyFailure", "flakyError", "rerunFailure", "rerunError", "flakes"]
        let missing = names.filter { !page.contains("`\($0)`") && !page.contains("`<\($0)>`") }
        #expect(missing.isEmpty, "docs/reports.md does not mention: \(missing)")
    }
}
