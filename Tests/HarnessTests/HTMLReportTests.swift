import AdapterProtocol
import ConformanceCore
import Foundation
import JUnitXML
@testable import MamconfCLI
@testable import RunReporters
import Testing

/// `--html` and `mamconf report --html`: one self-contained file with the run's identity, the counts by suite and
/// outcome, requirement coverage, and each failure in full with its steps, expected and got-instead apart, its
/// sequence diagram (the failing step marked) and its transcript. Nothing a run carries can open an element or an
/// attribute, secrets never show, and the same run always renders the same bytes.
@Suite struct HTMLReportTests {
    static let step = SourceLocation(file: "Suites/enrollment.yaml", line: 27, column: 9)

    /// A failing case's transcript as the runner writes it: the reset, two steps, an event, a question, the journal.
    static let transcript = [
        "[   0.001] → reset",
        "[   0.002] ← reset done: the case begins",
        "[   0.010] ── step Suites/enrollment.yaml:20: app.launch",
        "[   0.011] → app.launch {}",
        "[   0.021] ← app.launch done",
        "[   0.030] ── step Suites/enrollment.yaml:27: expect event enrollment-status",
        "[   0.031] • enrollment-status(code: 203)",
        "[   0.032] ? delegate.restartApplication {} → true",
        "[   0.033] log[info] not drawn",
        "[   0.040] journal #1 mam GET /deviceAppManagement/policies → 200",
    ]

    static func result(_ id: String, _ outcome: CaseOutcome, requirements: [String] = ["ENR-01"], transcript: [String] = [],
                       attempts: [CaseAttempt] = []) -> CaseResult {
        CaseResult(suiteId: "enrollment", caseId: id, title: "t", requirements: requirements,
                   location: SourceLocation(file: "Suites/enrollment.yaml", line: 11, column: 5),
                   outcome: outcome, duration: .zero, transcript: transcript, stderr: [], attempts: attempts)
    }

    static func run(_ cases: [CaseResult]) -> RunResult {
        var run = RunResult(suites: [SuiteResult(suiteId: "enrollment", title: "t", requirements: ["ENR-01"], started: Date(timeIntervalSince1970: 0),
                                                 duration: .seconds(90), cases: cases)],
                            integration: IntegrationInfo(name: "Contoso Mail", version: "4.2", sdkName: "IntuneMAMSwift", sdkVersion: "19.3.0",
                                                         capabilities: ["wipe", "appConfig"], protocolVersion: "1"),
                            backend: "mock", harnessVersion: "1.2.3")
        run.suitesDigest = "sha256:abc"
        return run
    }

    static var mixed: RunResult {
        let failed = CaseFailure(message: "expected enrollment-status(code: 100)", observed: "got instead: enrollment-status(code: 203)",
                                 location: step, details: "events:\n  #1 enrollment-status(code: 203)")
        let flakyAttempt = CaseAttempt(outcome: .failed(CaseFailure(message: "expected question delegate.restartApplication",
                                                                    observed: "got instead: nothing", location: step)),
                                       duration: .zero, transcript: transcript, stderr: [])
        var known = result("known", .skipped(reason: "expected failure: SDK 19.3 shows the dialog late", kind: .expectedFailure))
        known.listedOutcome = .failed(CaseFailure(message: "expected question", location: step))
        var fails = result("fails", .failed(failed), requirements: ["ENR-01", "ENR-02"], transcript: transcript)
        fails.sdkVersions = [RequirementVersions(requirement: "ENR-02", range: SDKVersionRange(from: SDKVersion(17, 0, 0))),
                             RequirementVersions(requirement: RequirementVersions.wholeCase, range: SDKVersionRange(from: SDKVersion(17, 5, 0)))]
        return run([
            fails,
            result("harness-breaks", .errored(.harness("no work directory"), details: ""), transcript: ["[   0.001] → reset"]),
            result("later", .errored(.notRun("the restart budget is spent"), details: "")),
            result("lacks-area", .skipped(reason: "integration lacks capability wipe", kind: .integrationCapability)),
            known,
            result("passes", .passed, transcript: ["[   0.001] → a passing case's transcript"]),
            result("flaky", .passed, attempts: [flakyAttempt]),
        ])
    }

    static func render(_ run: RunResult, redactor: Redactor = Redactor()) -> String {
        HTMLReport.render(SummaryRun(run, transcripts: true), redactor: redactor)
    }

    /// The CI summary shows no transcript, so its model carries none: a run of thousands of failures does not hold
    /// every transcript in memory for it. The HTML report asks for them.
    @Test func transcriptsAreCarriedOnlyWhenAsked() {
        #expect(SummaryRun(Self.mixed).cases.allSatisfy { $0.transcript.isEmpty })
        #expect(SummaryRun(Self.mixed, transcripts: true).cases.first?.transcript == Self.transcript)
        let document = JUnitReporter(path: "unused.xml", redactor: Redactor()).document(for: Self.mixed)
        #expect(SummaryRun(document).cases.allSatisfy { $0.transcript.isEmpty })
        #expect(SummaryRun(document, transcripts: true).cases.first?.transcript == Self.transcript)
    }

    @Test func theReportHoldsTheIdentityTheCountsTheCoverageAndEveryCase() {
        let html = Self.render(Self.mixed)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        for field in ["<dt>harness</dt><dd>mamconf 1.2.3</dd>", "<dt>integration</dt><dd>Contoso Mail 4.2</dd>",
                      "<dt>SDK</dt><dd>IntuneMAMSwift 19.3.0</dd>", "<dt>capabilities</dt><dd>appConfig, wipe</dd>",
                      "<dt>backend</dt><dd>mock</dd>", "<dt>suites digest</dt><dd>sha256:abc</dd>",
                      "<dt>started</dt><dd>1970-01-01T00:00:00Z</dd>", "<dt>ended</dt><dd>1970-01-01T00:01:30Z</dd>"] {
            #expect(html.contains(field), "no \(field)")
        }
        // passed (1 flaky), failed, errored, skipped (1 expected failure), not run, total.
        #expect(html.contains("<td>enrollment</td><td class=\"n\">2 (1 flaky)</td><td class=\"n\">1</td><td class=\"n\">1</td>"
            + "<td class=\"n\">2 (1 expected failure)</td><td class=\"n\">1</td><td class=\"n\">7</td>"), "\(html)")
        #expect(html.contains("<tr><td>ENR-02</td><td>SDK 17.0.0 and later</td><td><a href=\"#case-0\" class=\"badge failed\">enrollment/fails</a>"
            + " <span class=\"req\">(this case: SDK 17.5.0 and later)</span></td></tr>"), "the requirement's range, and the case's own narrower one")
        #expect(html.contains("<tr><td>ENR-01</td><td>every SDK version</td><td><a href=\"#case-0\""), "a requirement no case limits")
        #expect(html.contains("<details class=\"case failed\" id=\"case-0\" open><summary><span class=\"badge failed\">failed</span>"))
        #expect(html.contains("<details class=\"case passed\" id=\"case-5\"><summary>"), "a pass is closed")
        #expect(html.contains("<span class=\"badge flaky\">flaky pass</span>"))
        #expect(html.contains("<span class=\"badge xfail\">expected failure</span>"))
        #expect(html.contains("<span class=\"badge errored\" title=\"HarnessError\">errored</span>"))
        #expect(html.contains("<p>Not a verdict on the integration: HarnessError.</p>"))
        #expect(html.contains("<div class=\"expected\"><b>Expected</b><pre>expected enrollment-status(code: 100)</pre></div>"))
        #expect(html.contains("<div class=\"observed\"><b>Got instead</b><pre>got instead: enrollment-status(code: 203)</pre></div>"))
        #expect(html.contains("<li class=\"failing\">Suites/enrollment.yaml:27: expect event enrollment-status</li>"))
        #expect(!html.contains("a passing case&#39;s transcript"), "transcripts only for the cases that failed")
        #expect(html.contains("<input class=\"filter\" type=\"checkbox\" id=\"only-failures\">"))
        #expect(html.contains("#only-failures:checked~main .case.passed"))
    }

    @Test func nothingOutsideTheFileIsReferenced() {
        let html = Self.render(Self.mixed)
        for reference in ["<script", "<link", "src=", "@import", "url(", "http:", "https:"] {
            // The SVG namespace is a name, never fetched.
            let rest = html.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
            #expect(!rest.contains(reference), "the report references \(reference)")
        }
    }

    /// Hostile texts in every place a run puts text: a case name, a requirement, an error kind shown in an
    /// attribute, the transcript (and so the diagram), what arrived instead.
    @Test(arguments: [
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ("\" onmouseover=\"alert(1)", "&quot; onmouseover=&quot;alert(1)"),
        ("it's <b>&amp;", "it&#39;s &lt;b&gt;&amp;amp;"),
        ("bell\u{07}", "bell#x07"),
    ])
    func hostileTextIsShownNeverInterpreted(hostile: String, escaped: String) {
        let failure = CaseFailure(message: "expected \(hostile)", observed: "got instead: \(hostile)", location: Self.step, details: hostile)
        let run = Self.run([
            Self.result("case \(hostile)", .failed(failure), requirements: ["REQ \(hostile)"],
                        transcript: ["[   0.001] ── step Suites/enrollment.yaml:27: \(hostile)", "[   0.002] → app.launch \(hostile)"]),
            Self.result("errs", .errored(.harness(hostile), details: hostile)),
        ])
        let html = Self.render(run)
        #expect(!html.contains(hostile), "the raw text is in the report")
        #expect(html.contains("case \(escaped)"), "the case name")
        #expect(html.contains("REQ \(escaped)"), "the requirement")
        #expect(html.contains("got instead: \(escaped)"), "what arrived instead")
        #expect(html.contains("app.launch \(escaped)"), "the diagram and the transcript")
    }

    @Test func secretsAreRedactedEverywhereTheReportShowsText() {
        let secret = "s3cr3t-t0ken-value-1234567890"
        let failure = CaseFailure(message: "expected token \(secret)", observed: "got instead: \(secret)", location: Self.step, details: secret)
        let run = Self.run([Self.result("leaks \(secret)", .failed(failure), requirements: [secret],
                                        transcript: ["[   0.001] ── step Suites/enrollment.yaml:27: \(secret)", "[   0.002] → app.signIn \(secret)"])])
        let html = Self.render(run, redactor: Redactor(secrets: [secret]))
        #expect(!html.contains(secret))
        #expect(html.contains("app.signIn \(Redactor.mask)"))
    }

    @Test func aFailingCasesDiagramDrawsEachMessageBetweenFourLifelinesAndMarksTheFailingStep() {
        let svg = SequenceDiagram(redactor: Redactor()).render(Self.transcript, failingStep: "Suites/enrollment.yaml:27")
        for party in ["runner", "app", "SDK", "backend"] { #expect(svg.contains(">\(party)</text><line class=\"lifeline\"")) }
        // runner → app, SDK → app, SDK → backend: each at its lanes (95, 285, 475, 665), in transcript order, a row each.
        #expect(svg.contains("<g class=\"message\"><line x1=\"95\" y1=\"114\" x2=\"285\" y2=\"114\"/>"), "\(svg)")
        #expect(svg.contains("<g class=\"message failing\"><line x1=\"475\" y1=\"180\" x2=\"285\" y2=\"180\"/>"
            + "<polygon points=\"285,180 293,176 293,184\"/><text x=\"380\" y=\"176\" text-anchor=\"middle\">enrollment-status(code: 203)</text></g>"))
        // The journal, read when the case ended, comes under its own rule and is not part of the failing step.
        #expect(svg.contains(">backend journal, read when the case ended</text><g class=\"message\"><line x1=\"475\" y1=\"246\" x2=\"665\" y2=\"246\"/>"))
        #expect(svg.contains(">GET /deviceAppManagement/policies → 200</text>"))
        #expect(svg.contains("<line class=\"step failing\""))
        #expect(svg.components(separatedBy: "<g class=\"message failing\">").count - 1 == 2, "the event and the question")
        #expect(svg.components(separatedBy: "<g class=\"message").count - 1 == 7, "log lines are not drawn")
        #expect(!svg.contains("not drawn"))
    }

    @Test func theSameRunRendersTheSameBytes() {
        #expect(Self.render(Self.mixed) == Self.render(Self.mixed))
    }

    @Test func aLongLabelIsClippedAndAHugeTranscriptIsCut() {
        let long = String(repeating: "x", count: 500)
        let svg = SequenceDiagram(redactor: Redactor()).render(["→ \(long)"] + Array(repeating: "→ m", count: 400), failingStep: nil)
        #expect(svg.contains(">" + String(repeating: "x", count: SequenceDiagram.labelLimit - 1) + "…</text>"))
        #expect(svg.contains(">101 more message(s) in the transcript</text>"))
    }

    @Test func aJUnitReportGivesTheSameIdentityAndTheFailuresTranscript() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("html-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("report.xml").path
        let run = Self.mixed
        try await JUnitReporter(path: path, redactor: Redactor()).runFinished(run)
        let fromJUnit = SummaryRun(try JUnitReader.read(path: path), transcripts: true)
        let direct = SummaryRun(run, transcripts: true)
        #expect(fromJUnit.details?.integration == direct.details?.integration)
        #expect(fromJUnit.details?.sdk == "IntuneMAMSwift 19.3.0")
        #expect(fromJUnit.details?.capabilities == ["appConfig", "wipe"])
        #expect(fromJUnit.details?.suitesDigest == "sha256:abc")
        #expect(fromJUnit.cases.first?.transcript == Self.transcript)
        #expect(fromJUnit.cases.first?.sdkVersions == direct.cases.first?.sdkVersions, "the SDK range survives the JUnit report")
        #expect(fromJUnit.cases.first?.sdkVersions.isEmpty == false)
        #expect(HTMLReport.render(fromJUnit, redactor: Redactor()).contains("<td>ENR-02</td><td>SDK 17.0.0 and later</td>"))
        #expect(fromJUnit.cases.first(where: { $0.name == "passes" })?.transcript == [], "a pass carries no transcript")
    }

    /// A flaky pass is judged by its last run; the failure before it is shown open, with its own diagram.
    @Test func aFlakyPassShowsTheFailedAttemptItsRerunHid() async throws {
        let html = Self.render(Self.mixed)
        let flaky = try #require(html.components(separatedBy: "<details class=\"case passed\" id=\"case-6\" open>").last?
            .components(separatedBy: "</details>").first, "the flaky pass is open")
        #expect(flaky.contains("<div class=\"attempt\"><b>Attempt 1 failed</b><p>Failing step: <code>Suites/enrollment.yaml:27</code></p>"))
        #expect(flaky.contains("<pre>expected question delegate.restartApplication</pre>"))
        #expect(flaky.contains("<div class=\"observed\"><b>Got instead</b><pre>got instead: nothing</pre>"))
        #expect(flaky.contains("<svg class=\"sequence\""), "the attempt's own diagram")
        #expect(!html.contains("<details class=\"case passed\" id=\"case-5\" open>"), "a plain pass stays closed")
        #expect(SummaryRun(Self.mixed).cases.allSatisfy { $0.attempts.isEmpty }, "the CI summary carries no attempts")

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("html-attempts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("report.xml").path
        try await JUnitReporter(path: path, redactor: Redactor()).runFinished(Self.mixed)
        let fromJUnit = SummaryRun(try JUnitReader.read(path: path), transcripts: true)
        let direct = SummaryRun(Self.mixed, transcripts: true)
        #expect(fromJUnit.cases.last?.attempts == direct.cases.last?.attempts, "the attempt survives the JUnit report")
        #expect(direct.cases.last?.attempts.count == 1)
    }

    /// 10,000 cases, 10 of them failures with transcripts: passes are one line each, so the file stays small.
    @Test func tenThousandCasesStaySmall() {
        var cases = (0..<9_990).map { Self.result("case-\($0)", .passed, requirements: ["REQ-\($0 % 50)"]) }
        let failure = CaseFailure(message: "expected x", observed: "got instead: y", location: Self.step, details: "")
        cases += (0..<10).map { Self.result("fails-\($0)", .failed(failure), transcript: Self.transcript) }
        let html = Self.render(Self.run(cases))
        let bytes = html.utf8.count
        print("HTML report of 10,000 cases (10 failed): \(bytes) bytes")
        #expect(bytes < 4_000_000, "\(bytes) bytes")
        #expect(html.components(separatedBy: "<details class=\"case passed\"").count - 1 == 9_990)
    }

    @Test func runAndReportWriteTheHTMLTheFlagNames() async throws {
        let folder = NSTemporaryDirectory() + "mamconf-html-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let base = ["run", "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures, "--case",
                    "enrollment/registered-accounts-lists-every-account", "--junit", "\(folder)/junit.xml"]
        #expect(await Mamconf.run(base + ["--html", "\(folder)/run.html", "--", try EndToEnd.referenceExecutable()]) == 0)
        let fromRun = try String(contentsOfFile: "\(folder)/run.html", encoding: .utf8)
        #expect(fromRun.contains("<title>mamconf: passed</title>"), "\(fromRun.prefix(300))")
        #expect(fromRun.contains("enrollment/registered-accounts-lists-every-account"))

        // A run that cannot start still leaves its verdict in the HTML: every planned case not run, with the cause.
        #expect(await Mamconf.run(base + ["--html", "\(folder)/not-judged.html", "--", "no-such-adapter-xyz"]) == 2)
        let notJudged = (try? String(contentsOfFile: "\(folder)/not-judged.html", encoding: .utf8)) ?? ""
        #expect(notJudged.contains("<title>mamconf: not judged</title>") && notJudged.contains("no-such-adapter-xyz is not on PATH"),
                "\(notJudged.prefix(300))")
        // A path that cannot be written is refused before any case, and the JUnit report says why.
        #expect(await Mamconf.run(base + ["--html", folder, "--", try EndToEnd.referenceExecutable()]) == 2)
        let refused = try JUnitReader.read(path: "\(folder)/junit.xml")
        guard case .error(let message, _, _)? = refused.suites.first?.cases.first?.outcome else {
            Issue.record("the report does not name the refused option: \(refused)")
            return
        }
        #expect(message.contains("--html"), "\(message)")
        #expect(await Mamconf.run(base + ["--", try EndToEnd.referenceExecutable()]) == 0, "the JUnit report of a run that passed, again")

        // The same report read back from the JUnit file (given twice is refused, as merge refuses it).
        #expect(await Mamconf.run(["report", "--html", "\(folder)/report.html", "\(folder)/junit.xml"]) == 0)
        let fromJUnit = try String(contentsOfFile: "\(folder)/report.html", encoding: .utf8)
        #expect(fromJUnit.contains("<title>mamconf: passed</title>") && fromJUnit.contains("<dt>backend</dt><dd>mock"), "\(fromJUnit.prefix(2000))")
        #expect(await Mamconf.run(["report", "--html", "\(folder)/twice.html", "\(folder)/junit.xml", "\(folder)/../\((folder as NSString).lastPathComponent)/junit.xml"]) == 2)
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/twice.html"))
        #expect(RunCommand.helpMessage().contains("--html") && ReportCommand.helpMessage().contains("--html"))
    }

    @Test(arguments: [
        ("ENR-19: from 19.3.0 before 20.0.0", [RequirementVersions(requirement: "ENR-19", range: SDKVersionRange(from: SDKVersion(19, 3, 0), before: SDKVersion(20, 0, 0)))]),
        ("CL-41: before 17.0.0; the case: from 17.5.0", [RequirementVersions(requirement: "CL-41", range: SDKVersionRange(before: SDKVersion(17, 0, 0))),
                                                         RequirementVersions(requirement: RequirementVersions.wholeCase, range: SDKVersionRange(from: SDKVersion(17, 5, 0)))]),
        ("ENR-19: from", []),
        ("ENR-19: from x.y", []),
        ("ENR-19: after 19.0.0", []),
        ("ENR-19: from 1.0.0 from 2.0.0", []),
        ("ENR-19 from 19.3.0", []),
        (": from 19.3.0", []),
        ("", []),
    ])
    func anSDKRangeLineIsReadBackOrLeftOutNeverGuessed(line: String, entries: [RequirementVersions]) {
        #expect(RequirementVersions.entries(fromText: line) == entries)
        if !entries.isEmpty { #expect(RequirementVersions.text(of: entries) == line) }
    }
}
