import Foundation
import JUnitXML
import Testing

@Suite("ReportComparison")
struct ReportComparisonTests {
    static let failure = JUnitOutcome.failure(message: "expected a PIN prompt | got none\nsecond line", type: "ExpectationFailed", details: "d")

    /// BASE (old SDK) and NEW (new SDK) with one case for every transition.
    static func reports() -> (base: JUnitDocument, new: JUnitDocument) {
        let flakyPass = JUnitCase(classname: "s", name: "flaky-then-fails", attempts: [JUnitAttempt(kind: .failure, message: "m", type: "t", details: "d")])
        let base = JUnitDocument(name: "old", suites: [JUnitSuite(name: "s", cases: [
            JUnitCase(classname: "s", name: "regresses"),
            flakyPass,
            JUnitCase(classname: "s", name: "is-fixed", outcome: .error(message: "adapter died", type: "adapter", details: "")),
            JUnitCase(classname: "s", name: "still-fails", outcome: failure),
            JUnitCase(classname: "s", name: "now-skipped"),
            JUnitCase(classname: "s", name: "was-skipped", outcome: .skipped(message: "needs clock")),
            JUnitCase(classname: "s", name: "removed"),
            JUnitCase(classname: "s", name: "unchanged"),
        ])])
        let new = JUnitDocument(name: "new", suites: [JUnitSuite(name: "s", cases: [
            JUnitCase(classname: "s", name: "regresses", outcome: failure),
            JUnitCase(classname: "s", name: "flaky-then-fails", outcome: .error(message: "", type: "adapter", details: "crashed\nstack")),
            JUnitCase(classname: "s", name: "is-fixed", attempts: [JUnitAttempt(kind: .error, message: "m", type: "t", details: "d")]),
            JUnitCase(classname: "s", name: "still-fails", outcome: .error(message: "other", type: "t", details: "")),
            JUnitCase(classname: "s", name: "now-skipped", outcome: .skipped(message: "capability missing")),
            JUnitCase(classname: "s", name: "was-skipped", outcome: failure),
            JUnitCase(classname: "s", name: "unchanged"),
            JUnitCase(classname: "s", name: "added"),
        ])])
        return (base, new)
    }

    @Test func everyTransitionLandsInItsCategory() {
        let (base, new) = Self.reports()
        let comparison = ReportComparison(base: base, new: new)
        #expect(comparison.regressions.map(\.name) == ["regresses", "flaky-then-fails"])
        #expect(comparison.regressions.map(\.before) == [.passed, .flaky])
        #expect(comparison.regressions.map(\.after) == [.failed, .errored])
        #expect(comparison.regressions.map(\.message) == ["expected a PIN prompt | got none\nsecond line", "crashed\nstack"],
                "NEW's message, or its details when the message is empty")
        #expect(comparison.fixes.map(\.name) == ["is-fixed"])
        #expect(comparison.fixes.first?.after == .flaky)
        #expect(comparison.stillFailing == 1)
        #expect(comparison.newlySkipped.map(\.name) == ["now-skipped"])
        #expect(comparison.newlySkipped.first?.message == "capability missing")
        #expect(comparison.unskipped.map(\.name) == ["was-skipped"])
        #expect(comparison.added.map(\.name) == ["added"])
        #expect(comparison.added.first?.before == nil)
        #expect(comparison.removed.map(\.name) == ["removed"])
        #expect(comparison.removed.first?.after == nil)
        #expect(comparison.matched == 7)
        #expect(comparison.hasRegressions)
        #expect(comparison.summary == "2 regressions, 1 fix, 1 new, 1 removed, 1 newly skipped, 1 no longer skipped, 1 still failing")
    }

    @Test func aReportComparedWithItselfHasNoChanges() {
        let document = JUnitFixtures.everyKind()
        let comparison = ReportComparison(base: document, new: document)
        #expect(!comparison.hasRegressions)
        #expect(comparison.summary == "0 regressions, 0 fixes, 0 new, 0 removed, 0 newly skipped, 4 still failing")
        #expect(comparison.matched == document.tests)
    }

    @Test func casesAreMatchedByClassnameAndNameAcrossSuitesAndRepeatedNamesInOrder() {
        let base = JUnitDocument(name: "b", suites: [JUnitSuite(name: "shard-1", cases: [
            JUnitCase(classname: "c", name: "dup"), JUnitCase(classname: "c", name: "dup", outcome: Self.failure),
            JUnitCase(classname: "other", name: "same-name"),
        ])])
        let new = JUnitDocument(name: "n", suites: [
            JUnitSuite(name: "merged", cases: [JUnitCase(classname: "c", name: "dup"), JUnitCase(classname: "c", name: "dup")]),
            JUnitSuite(name: "x", cases: [JUnitCase(classname: "another", name: "same-name")]),
        ])
        let comparison = ReportComparison(base: base, new: new)
        #expect(comparison.fixes.map(\.name) == ["dup"], "the second dup failed before and passes now")
        #expect(comparison.added.map(\.classname) == ["another"])
        #expect(comparison.removed.map(\.classname) == ["other"])
    }

    @Test func markdownIsAPullRequestCommentWithATablePerNonEmptyCategory() {
        let (base, new) = Self.reports()
        let markdown = ReportComparison(base: base, new: new).markdown(base: "old.xml", new: "new.xml")
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "### mamconf: new.xml compared with old.xml")
        #expect(lines[2] == ":x: **2 regressions**: 2 cases that passed before fail now. "
            + "2 regressions, 1 fix, 1 new, 1 removed, 1 newly skipped, 1 no longer skipped, 1 still failing.")
        #expect(lines.filter { $0.hasPrefix("#### ") } == ["#### Regressions (2)", "#### Fixes (1)", "#### New (1)", "#### Removed (1)",
                                                          "#### Newly skipped (1)", "#### No longer skipped (1)"])
        #expect(lines.contains("| Case | Before | After | Message |"))
        #expect(lines.contains("| s / regresses | passed | failed | expected a PIN prompt \\| got none |"),
                "the first line of NEW's message, with the pipe escaped so the table holds")
        #expect(lines.contains("| s / removed | passed | - |  |"))
        #expect(markdown.hasSuffix("|\n"))

        let clean = ReportComparison(base: base, new: base).markdown(base: "a", new: "b")
        #expect(clean.contains(":white_check_mark: **No regressions.** 0 regressions, 0 fixes,"))
        #expect(!clean.contains("| Case |"), "no tables when nothing changed")
    }

    @Test func markdownCellsCannotBreakTheTableOrInjectHTML() {
        let cell = ReportComparison.markdownCell("a|b <img src=x> `c` *d* [e](f)\nnext")
        #expect(cell == "a\\|b &lt;img src=x&gt; \\`c\\` \\*d\\* \\[e\\](f) next")
    }

    /// A pull-request comment must not notify anyone or carry a link a case name or message brought in.
    static let hostileCells: [(text: String, cell: String)] = [
        ("@everyone look", "@&#8203;everyone look"),
        ("ping @octo-org/team and @user", "ping @&#8203;octo-org/team and @&#8203;user"),
        ("see https://evil.example/x?a=1", "see https:&#8203;//evil.example/x?a=1"),
        ("or www.evil.example", "or www&#8203;.evil.example"),
        ("mail me@evil.example", "mail me@&#8203;evil.example"),
        ("[click](https://evil.example)", "\\[click\\](https:&#8203;//evil.example)"),
        ("![pixel](https://evil.example/p.png)", "!\\[pixel\\](https:&#8203;//evil.example/p.png)"),
        ("<https://evil.example>", "&lt;https:&#8203;//evil.example&gt;"),
        ("math $x^2$", "math \\$x^2\\$"),
    ]

    @Test(arguments: hostileCells)
    func markdownCellsCannotMentionAnyoneOrLinkAnywhere(text: String, cell: String) {
        #expect(ReportComparison.markdownCell(text) == cell)
    }

    @Test func theMarkdownCommentEscapesCaseNamesAndMessages() {
        let base = JUnitDocument(name: "b", suites: [JUnitSuite(name: "s", cases: [JUnitCase(classname: "@team", name: "www.example.com")])])
        let new = JUnitDocument(name: "n", suites: [JUnitSuite(name: "s", cases: [JUnitCase(
            classname: "@team", name: "www.example.com", outcome: .failure(message: "@everyone https://evil.example", type: "t", details: ""))])])
        let markdown = ReportComparison(base: base, new: new).markdown(base: "b.xml", new: "n.xml")
        #expect(markdown.contains("| @&#8203;team / www&#8203;.example.com | passed | failed | @&#8203;everyone https:&#8203;//evil.example |"), "\(markdown)")
        #expect(!markdown.contains("@everyone") && !markdown.contains("https://"))
    }

    @Test func longCategoriesAreCutInMarkdownButNotInText() {
        let many = (0..<(ReportComparison.markdownRowLimit + 5)).map { JUnitCase(classname: "s", name: "case-\($0)") }
        let comparison = ReportComparison(base: JUnitDocument(name: "b"), new: JUnitDocument(name: "n", suites: [JUnitSuite(name: "s", cases: many)]))
        let markdown = comparison.markdown(base: "b", new: "n")
        #expect(markdown.contains("… and 5 more."))
        #expect(!markdown.contains("case-\(ReportComparison.markdownRowLimit) "))
        #expect(comparison.text(base: "b", new: "n").contains("case-\(ReportComparison.markdownRowLimit + 4)"))
    }

    @Test func textListsEachChangeOnOneLine() {
        let (base, new) = Self.reports()
        let text = ReportComparison(base: base, new: new).text(base: "old.xml", new: "new.xml")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "compared new.xml (8 cases) with old.xml (8 cases)")
        #expect(lines[1].hasPrefix("REGRESSED: 2 regressions, "))
        #expect(lines[2] == "regressions:")
        #expect(lines[3] == "  s / regresses: passed -> failed: expected a PIN prompt | got none")
        #expect(lines[4] == "  s / flaky-then-fails: flaky -> errored: crashed")
        #expect(lines.contains("  s / added: - -> passed"))
    }
}
