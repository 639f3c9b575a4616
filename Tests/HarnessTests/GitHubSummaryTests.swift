import ConformanceCore
import Foundation
import JUnitXML
@testable import MamconfCLI
@testable import RunReporters
import Testing

/// `--github-summary`: the Markdown for GitHub's step summary. The verdict and the counts always survive, failures
/// come first and in full, a harness fault never reads as a product failure, the text never exceeds GitHub's
/// 65,535-byte cap, and nothing a run carries (backticks, pipes, HTML, secrets) can break out of where it is shown.
@Suite struct GitHubSummaryTests {
    static let step = SourceLocation(file: "Suites/enrollment.yaml", line: 27, column: 9)

    static func result(_ id: String, _ outcome: CaseOutcome, suite: String = "enrollment", requirements: [String] = ["ENR-01", "ENR-02"],
                       stderr: [String] = [], attempts: [CaseAttempt] = []) -> CaseResult {
        CaseResult(suiteId: suite, caseId: id, title: "t", requirements: requirements, location: SourceLocation(file: "Suites/\(suite).yaml", line: 11, column: 5),
                   outcome: outcome, duration: .zero, transcript: [], stderr: stderr, attempts: attempts)
    }

    static func run(_ cases: [CaseResult]) -> RunResult {
        RunResult(suites: [SuiteResult(suiteId: "enrollment", title: "t", requirements: ["ENR-01"], started: Date(timeIntervalSince1970: 0),
                                       duration: .zero, cases: cases)],
                  integration: nil, backend: "mock", harnessVersion: "test")
    }

    /// One of every outcome: a failure, two errors (the integration's, the harness's), three cases not run for one
    /// cause, a capability skip, an accepted known failure, a pass and a flaky pass.
    static var mixed: RunResult {
        let failed = CaseFailure(message: "expected enrollment-status(code: 100)", observed: "got instead: enrollment-status(code: 203)",
                                 location: step, details: "events:\n  #1 enrollment-status(code: 203)")
        var known = result("known", .skipped(reason: "expected failure: SDK 19.3 shows the dialog late", kind: .expectedFailure))
        known.listedOutcome = .failed(CaseFailure(message: "expected question delegate.restartApplication", location: step))
        let flakyAttempt = CaseAttempt(outcome: .failed(CaseFailure(message: "m", location: step)), duration: .zero, transcript: [], stderr: [])
        return run([
            result("fails", .failed(failed)),
            result("adapter-crashes", .errored(.integration(.exited("status 3"), at: SourceLocation(file: "Suites/enrollment.yaml", line: 40, column: 9)),
                                               details: "last stderr lines:\nFatal error: index out of range")),
            result("harness-breaks", .errored(.harness("no work directory"), details: "")),
            result("later-1", .errored(.notRun("the restart budget is spent"), details: "")),
            result("later-2", .errored(.notRun("the restart budget is spent"), details: "")),
            result("later-3", .errored(.notRun("the restart budget is spent"), details: "")),
            result("lacks-area", .skipped(reason: "integration lacks capability wipe", kind: .integrationCapability)),
            known,
            result("passes", .passed),
            result("flaky", .passed, attempts: [flakyAttempt]),
        ])
    }

    static func position(_ text: String, in summary: String) -> String.Index {
        guard let range = summary.range(of: text) else {
            Issue.record("the summary lacks \(text):\n\(summary)")
            return summary.endIndex
        }
        return range.lowerBound
    }

    @Test func aRunWithFailuresErrorsAndSkipsShowsTheVerdictTheCountsThenEachSection() {
        let summary = GitHubSummary.render(SummaryRun(Self.mixed), redactor: Redactor())
        #expect(summary.hasPrefix("## mamconf: ❌ failed: 1 of 10 case(s) failed, 5 could not be judged\n"), "\(summary)")
        for row in ["| ✅ passed | 2 |", "| &nbsp;&nbsp;of which flaky (passed on a rerun) | 1 |",
                    "| ❌ failed: the integration did not do what the case expects | 1 |",
                    "| ⚠️ errored: an adapter, backend or harness fault, not judged | 2 |",
                    "| ⛔ not run: the run stopped before the case, or could not start | 3 |", "| ⏭️ skipped | 2 |",
                    "| &nbsp;&nbsp;of which known failures (--expected-failures) | 1 |", "| **total** | **10** |"] {
            #expect(summary.contains(row + "\n"), "no row \(row)")
        }
        #expect(summary.contains("Not run:\n- 3 case(s): not run: the restart budget is spent\n"), "one line per cause, not one per case")
        let counts = Self.position("| **total**", in: summary)
        let failed = Self.position("### Failed cases (1)", in: summary)
        let errored = Self.position("### Cases that could not be judged (2)", in: summary)
        let skipped = Self.position("### Skipped cases (2)", in: summary)
        #expect(counts < failed && failed < errored && errored < skipped, "counts, failures, errors, skips, in that order")
        #expect(summary.contains("""
            #### ❌ enrollment / fails

            - **Requirements:** ENR-01, ENR-02
            - **Step:** Suites/enrollment.yaml:27
            - **Expected:** expected enrollment-status(code: 100)
            - **Got instead:**

            ```text
            got instead: enrollment-status(code: 203)
            ```

            <details><summary>Events and details</summary>

            ```text
            events:
              #1 enrollment-status(code: 203)
            ```
            """), "\(summary)")
        let crash = summary[Self.position("#### ⚠️ enrollment / adapter-crashes", in: summary)...]
        #expect(crash.contains("could not be judged (IntegrationError)") && crash.contains("- **Step:** Suites/enrollment.yaml:40")
                && crash.contains("Fatal error: index out of range\n```"), "the error's real text in a fenced block")
        #expect(summary[errored...].contains("harness-breaks") && !summary[failed..<errored].contains("harness-breaks"),
                "a harness fault is listed with the cases not judged, never with the failures")
        #expect(summary.contains("| enrollment / lacks-area | integration lacks capability wipe |\n"), "\(summary)")
        #expect(summary.contains("| enrollment / known | expected failure: SDK 19.3 shows the dialog late |\n"))
        #expect(!summary.contains("passes") && !summary.contains("later-1"), "passes and not-run cases are counted, not listed")
        #expect(!summary.contains("… and"), "everything fits: no closing line")
    }

    @Test(arguments: [
        ("only harness faults", [result("a", .errored(.harness("x"), details: ""))], "⚠️ not judged: 1 of 1 case(s) could not be judged"),
        ("only cases not run", [result("a", .errored(.notRun("adapter cannot start"), details: ""))], "⚠️ not judged: 1 of 1 case(s) could not be judged"),
        ("passes and skips", [result("a", .passed), result("b", .skipped(reason: "r", kind: .otherSDKVersion))], "✅ passed: 1 of 2 case(s) passed, 1 skipped"),
        ("only skips", [result("a", .skipped(reason: "r", kind: .backendCapability))], "⚪ every case was skipped (1)"),
        ("no case", [], "⚪ no case ran"),
    ])
    func aCaseThatWasNotJudgedIsNeverAFailureAndNeverAPass(what: String, cases: [CaseResult], verdict: String) {
        let summary = GitHubSummary.render(SummaryRun(Self.run(cases)), redactor: Redactor())
        #expect(summary.hasPrefix("## mamconf: \(verdict)\n"), "\(what): \(summary.prefix(200))")
    }

    @Test func aRunWhoseReportWasNotWrittenDoesNotReadAsPassed() {
        var result = Self.run([Self.result("a", .passed)])
        result.reportFailures = [ReportFailure(target: "reports/junit.xml", message: "disk full")]
        let summary = GitHubSummary.render(SummaryRun(result), redactor: Redactor())
        #expect(summary.hasPrefix("## mamconf: ⚠️ not passed"), "\(summary)")
        #expect(summary.contains("- not written: reports/junit.xml: disk full\n"))
    }

    @Test func fiveThousandFailuresWithLongMultiByteTextsStayUnderTheCapWithTheCountsAndTheClosingLine() throws {
        let long = String(repeating: "Größe ≠ 尺寸 😀 `x` | <b> ", count: 200)
        let cases = (0..<5_000).map { index in
            Self.result("case-ü-\(index)", .failed(CaseFailure(message: "expected 😀 \(index) " + long, observed: "got instead: " + long,
                                                               location: Self.step, details: long)))
        } + [Self.result("broken", .errored(.harness(long), details: long)), Self.result("skip", .skipped(reason: long, kind: .backendCapability))]
        let summary = GitHubSummary.render(SummaryRun(Self.run(cases), reportPath: "reports/junit.xml"), redactor: Redactor())
        let bytes = Data(summary.utf8)
        #expect(bytes.count <= 65_535, "\(bytes.count) bytes")
        #expect(bytes.count > 60_000, "the room is used: \(bytes.count) bytes")
        #expect(String(bytes: bytes, encoding: .utf8) == summary, "valid UTF-8")
        #expect(summary.contains("| ❌ failed: the integration did not do what the case expects | 5000 |\n"))
        #expect(summary.contains("| ⚠️ errored: an adapter, backend or harness fault, not judged | 1 |\n"))
        #expect(summary.contains("| ⏭️ skipped | 1 |\n") && summary.contains("| **total** | **5002** |\n"))
        let shown = summary.components(separatedBy: "\n#### ❌ ").count - 1
        #expect(shown > 0)
        let last = try #require(summary.split(separator: "\n").last)
        #expect(last == "… and \(5_000 - shown) more failed case(s) and 1 more case(s) that could not be judged (see the JUnit report, reports/junit.xml)")
        #expect(Self.unclosedFence(in: summary) == nil, "no fenced block is cut")
    }

    @Test func theSkippedCasesThatDoNotFitAreCountedOnTheLastLine() throws {
        let cases = (0..<3_000).map { Self.result("skip-\($0)", .skipped(reason: String(repeating: "reason ", count: 10), kind: .backendCapability)) }
        let summary = GitHubSummary.render(SummaryRun(Self.run(cases)), redactor: Redactor())
        #expect(summary.utf8.count <= GitHubSummary.byteLimit)
        let listed = summary.components(separatedBy: "\n| enrollment / skip-").count - 1
        #expect(listed > 0 && listed < 3_000)
        #expect(summary.hasSuffix("\n… and \(3_000 - listed) more skipped case(s) (see the JUnit report)\n"))
    }

    /// Texts a hostile or broken integration (or suite) can put in a report.
    static let hostile: [(what: String, text: String)] = [
        ("backticks that would close a code block", "```\n</details>\n# heading\n````"),
        ("pipes that would split a table cell", "a | b || c \\| d"),
        ("HTML that would run or hide the rest", "<script>alert(1)</script><details><!-- "),
        ("a very long line", String(repeating: "é|`<", count: 50_000)),
        ("a secret and a bearer token", "password hunter2-value and Authorization: Bearer eyJabc.def"),
        ("control characters and carriage returns", "a\u{0}b\u{1B}[31mc\r\nd\re"),
        ("mentions, math and links", "@everyone $x^2$ [link](javascript:alert(1)) ![img](x) #123 ~~s~~ *e* _u_"),
    ]

    @Test(arguments: hostile)
    func hostileTextStaysWhereItIsShown(what: String, text: String) throws {
        let redactor = Redactor(secrets: ["hunter2-value"])
        let failure = CaseFailure(message: text, observed: text, location: SourceLocation(file: text, line: 3, column: 1), details: text)
        let result = Self.run([
            Self.result(text, .failed(failure), suite: text, requirements: [text]),
            Self.result("broken", .errored(.harness(text), details: text), stderr: [text]),
            Self.result(text, .skipped(reason: text, kind: .backendCapability), suite: text),
        ])
        let summary = GitHubSummary.render(SummaryRun(result), redactor: redactor)
        #expect(summary.utf8.count <= GitHubSummary.byteLimit)
        #expect(!summary.contains("hunter2-value") && !summary.contains("eyJabc.def"), "secrets are redacted")
        #expect(Self.unclosedFence(in: summary) == nil, "every fenced block closes where the summary closes it")
        let outside = Self.outsideFences(summary)
        #expect(outside.filter { $0.hasPrefix("```") }.isEmpty)
        for line in outside {
            // Outside code blocks, only the summary's own tags are HTML, and only its own lines are headings.
            let tags = Self.unescaped("<", in: line).filter { at in
                !["<details>", "</details>", "<summary>", "</summary>"].contains { line[at...].hasPrefix($0) }
            }
            #expect(tags.isEmpty, "an HTML tag from the text: \(line.prefix(200))")
            if line.hasPrefix("#") { #expect(line.hasPrefix("## mamconf") || line.hasPrefix("### ") || line.hasPrefix("#### ")) }
            #expect(!line.contains("\u{0}") && !line.contains("\r"))
        }
        let rows = outside.filter { $0.hasPrefix("| ") && !$0.hasPrefix("| case") && !$0.hasPrefix("|:--") }
        for row in rows {
            let cells = Self.unescaped("|", in: row).count
            #expect(cells == 3, "a table row of two cells: \(row.prefix(200))")
        }
        #expect(summary.contains("### Skipped cases (1)"), "the skipped row is a row of the table")
    }

    /// The summary of a JUnit report `mamconf run` wrote (what `merge --github-summary` reads) is the summary of
    /// the run itself: requirement IDs, the failing step, expected and observed apart, the error text, the kinds.
    @Test func theSummaryOfTheJUnitReportIsTheSummaryOfItsRun() {
        let run = Self.mixed
        let document = JUnitReporter(path: "/dev/null", redactor: Redactor()).document(for: run)
        let fromReport = SummaryRun(document, reportPath: "merged.xml")
        let fromRun = SummaryRun(run, reportPath: "merged.xml")
        #expect(fromReport.cases == fromRun.cases)
        #expect(GitHubSummary.render(fromReport, redactor: Redactor()) == GitHubSummary.render(fromRun, redactor: Redactor()))
    }

    @Test func theSummaryIsWrittenByTheReportsWriterThroughALinkAndAFolderIsRefused() async throws {
        let folder = NSTemporaryDirectory() + "mamconf-summary-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = "\(folder)/kept/step-summary.md"
        let link = "\(folder)/link.md"
        try FileManager.default.createDirectory(atPath: "\(folder)/kept", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try await GitHubSummaryReporter(path: link, redactor: Redactor()).runFinished(Self.mixed)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target, "the link stays a link")
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("## mamconf: ❌ failed"))
        try await GitHubSummaryReporter(path: "\(folder)/new/folder/summary.md", redactor: Redactor()).runFinished(Self.mixed)
        #expect(FileManager.default.fileExists(atPath: "\(folder)/new/folder/summary.md"), "a missing folder is made")
        let error = await #expect(throws: ReportFailure.self) {
            try await GitHubSummaryReporter(path: folder, redactor: Redactor()).runFinished(Self.mixed)
        }
        #expect(error?.target == folder && error?.message.contains("it is a directory") == true, "\(String(describing: error))")
    }

    @Test func whatTheStepWroteBeforeStaysAndTheSummaryFollowsIt() async throws {
        let folder = NSTemporaryDirectory() + "mamconf-summary-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/step-summary.md"
        try "### Build\nbuilt in 3 min".write(toFile: path, atomically: false, encoding: .utf8)
        try await GitHubSummaryReporter(path: path, redactor: Redactor()).runFinished(Self.mixed)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("### Build\nbuilt in 3 min\n\n## mamconf: ❌ failed"), "\(text.prefix(200))")
        try await GitHubSummaryReporter(path: path, redactor: Redactor()).runFinished(Self.mixed)
        let twice = try String(contentsOfFile: path, encoding: .utf8)
        #expect(twice.hasPrefix(text) && twice.dropFirst(text.count).hasPrefix("\n## mamconf: ❌ failed"),
                "a second run adds its own summary after a blank line")
    }

    @Test func runAndMergeWriteTheSummaryTheFlagNames() async throws {
        let folder = NSTemporaryDirectory() + "mamconf-summary-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let base = ["run", "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures, "--case",
                    "enrollment/registered-accounts-lists-every-account", "--junit", "\(folder)/junit.xml"]
        #expect(await Mamconf.run(base + ["--github-summary", "\(folder)/summary.md", "--", try EndToEnd.referenceExecutable()]) == 0)
        let summary = try String(contentsOfFile: "\(folder)/summary.md", encoding: .utf8)
        #expect(summary.hasPrefix("## mamconf: ✅ passed: 1 of 1 case(s) passed\n"), "\(summary)")

        // A run that cannot start still leaves its verdict in the summary: every planned case not run.
        #expect(await Mamconf.run(base + ["--github-summary", "\(folder)/not-judged.md", "--", "no-such-adapter-xyz"]) == 2)
        let notJudged = try String(contentsOfFile: "\(folder)/not-judged.md", encoding: .utf8)
        #expect(notJudged.hasPrefix("## mamconf: ⚠️ not judged: 1 of 1 case(s) could not be judged\n"), "\(notJudged)")
        #expect(notJudged.contains("nothing could be judged: ") && notJudged.contains("no-such-adapter-xyz is not on PATH"), "\(notJudged)")

        // A summary path that cannot be written is refused before any case, and the report says why.
        #expect(await Mamconf.run(base + ["--github-summary", folder, "--", try EndToEnd.referenceExecutable()]) == 2)
        let refused = try JUnitReader.read(path: "\(folder)/junit.xml")
        guard case .error(let message, _, _)? = refused.suites.first?.cases.first?.outcome else {
            Issue.record("the report does not name the refused option: \(refused)")
            return
        }
        #expect(message.contains("--github-summary"), "\(message)")

        #expect(await Mamconf.run(["merge", "--github-summary", "\(folder)/merged.md", "\(folder)/merged.xml", "\(folder)/junit.xml"]) == 0)
        #expect(try String(contentsOfFile: "\(folder)/merged.md", encoding: .utf8).hasPrefix("## mamconf: ⚠️ not judged: 1 of 1"))
    }

    @Test func theReadmeAndTheCIPageNameTheFlag() throws {
        let readme = try String(contentsOfFile: "\(Repository.root)/README.md", encoding: .utf8)
        let ci = try String(contentsOfFile: "\(Repository.root)/docs/ci.md", encoding: .utf8)
        #expect(readme.contains("--github-summary"))
        #expect(ci.contains("--github-summary \"$GITHUB_STEP_SUMMARY\""))
        #expect(RunCommand.helpMessage().contains("--github-summary") && MergeCommand.helpMessage().contains("--github-summary"))
    }

    // MARK: Reading the Markdown back

    /// Where `character` stands in `line` without a backslash escaping it (an odd number of backslashes before it).
    static func unescaped(_ character: Character, in line: String) -> [String.Index] {
        var found: [String.Index] = []
        var backslashes = 0
        for index in line.indices {
            if line[index] == "\\" { backslashes += 1; continue }
            if line[index] == character && backslashes % 2 == 0 { found.append(index) }
            backslashes = 0
        }
        return found
    }

    /// The line that opens a fenced block never closed, or nil.
    static func unclosedFence(in markdown: String) -> String? {
        var open: String?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if let fence = open {
                if line.allSatisfy({ $0 == "`" }) && line.count >= fence.count { open = nil }
            } else if line.hasPrefix("```") {
                open = String(line.prefix { $0 == "`" })
            }
        }
        return open
    }

    /// The lines outside fenced blocks.
    static func outsideFences(_ markdown: String) -> [String] {
        var open: String?
        var lines: [String] = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if let fence = open {
                if line.allSatisfy({ $0 == "`" }) && line.count >= fence.count { open = nil }
            } else if line.hasPrefix("```") {
                open = String(line.prefix { $0 == "`" })
            } else {
                lines.append(String(line))
            }
        }
        return lines
    }
}
