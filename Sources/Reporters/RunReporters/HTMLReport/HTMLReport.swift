import AdapterProtocol
import ConformanceCore
import Foundation

/// Renders a run as one self-contained HTML5 file, readable offline and printable: the run's identity, the counts
/// by suite and outcome, requirement coverage (requirement → its cases → their outcomes), then every case as a
/// `<details>`: requirements, the failing step's source line, what was expected and what arrived instead apart, and
/// for the cases that failed or could not be judged their steps, a sequence diagram (``SequenceDiagram``) and the
/// transcript, open. Passed, skipped and not-run cases are one line each, so a run of 10,000 cases stays a few
/// megabytes; a failures-only filter needs no script (``HTMLReportStyle``).
///
/// Nothing is fetched: no script, style sheet, font or image outside the file, and the page's Content Security
/// Policy forbids any (``contentSecurityPolicy``). Every text from the run is redacted
/// with the run's redactor, then escaped (``HTMLText``). A failed case and one that could not be judged (an
/// adapter, backend or harness fault) are told apart, flaky passes and accepted known failures are marked as such.
/// The output depends only on the run, so two renders of one run are byte-for-byte equal.
public struct HTMLReport {
    /// The most bytes of one case's transcript shown: a babbling integration must not make the file unreadable.
    static let transcriptLimit = 100_000
    /// The most bytes of one case's other texts (what arrived instead, events, stderr).
    static let textLimit = 20_000

    /// The page may load nothing and run no script; only its own inline style applies. Should escaping ever miss,
    /// injected markup still cannot run or fetch anything, and the browser reports each blocked attempt on its
    /// console (which the browser test fails on).
    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'"

    let redactor: Redactor

    public static func render(_ run: SummaryRun, redactor: Redactor) -> String {
        HTMLReport(redactor: redactor).render(run)
    }

    func render(_ run: SummaryRun) -> String {
        let counts = run.counts
        var html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            + "<meta http-equiv=\"Content-Security-Policy\" content=\"\(Self.contentSecurityPolicy)\">"
            + "<title>mamconf: \(Self.verdict(run, counts))</title><style>\n\(HTMLReportStyle.css)\n</style></head>\n<body>\n"
        html += "<h1>mamconf: <span class=\"verdict \(Self.verdictClass(counts))\">\(Self.verdict(run, counts))</span></h1>\n"
        html += "<input class=\"filter\" type=\"checkbox\" id=\"only-failures\">"
            + "<label for=\"only-failures\">Show only failed and errored cases</label>\n"
        html += "<main>\n"
        html += identity(run)
        html += problems(run)
        html += summaryTable(run)
        html += coverage(run)
        html += "<h2 id=\"cases\">Cases</h2>\n"
        for (index, item) in run.cases.enumerated() { html += caseBlock(item, index: index) }
        html += "</main>\n</body></html>\n"
        return html
    }

    // MARK: Head

    static func verdict(_ run: SummaryRun, _ counts: SummaryRun.Counts) -> String {
        if run.interrupted { return "interrupted" }
        if counts.failed + counts.errored + counts.notRun > 0 {
            return counts.failed > 0 ? "failed" : "not judged"
        }
        return counts.total == 0 ? "nothing run" : "passed"
    }

    static func verdictClass(_ counts: SummaryRun.Counts) -> String {
        counts.failed > 0 ? "fail" : counts.errored + counts.notRun > 0 || counts.total == 0 ? "none" : "pass"
    }

    func identity(_ run: SummaryRun) -> String {
        let rows: [(String, String?)]
        if let details = run.details {
            let stamp = Date.ISO8601FormatStyle()
            rows = [("harness", details.harnessVersion.map { "mamconf \($0)" }), ("integration", details.integration), ("SDK", details.sdk),
                    ("capabilities", details.capabilities.isEmpty ? nil : details.capabilities.joined(separator: ", ")),
                    ("backend", details.backend), ("suites digest", details.suitesDigest),
                    ("started", details.started.map { stamp.format($0) }), ("ended", details.ended.map { stamp.format($0) })]
        } else {
            rows = [("tested", run.identity)]
        }
        let shown = rows.compactMap { name, value in value.map { "<dt>\(name)</dt><dd>\(text($0))</dd>" } }
        guard !shown.isEmpty else { return "" }
        return "<h2 id=\"identity\">Run</h2>\n<dl class=\"identity\">" + shown.joined() + "</dl>\n"
    }

    func problems(_ run: SummaryRun) -> String {
        guard !run.problems.isEmpty else { return "" }
        return "<h2 id=\"problems\">Problems outside any case</h2>\n<ul>"
            + run.problems.map { "<li>\(text($0))</li>" }.joined() + "</ul>\n"
    }

    /// The columns of the summary table, in the order the console counts them.
    static let columns: [(title: String, outcome: String)] = [
        ("passed", "passed"), ("failed", "failed"), ("errored (harness, adapter or backend fault)", "errored"),
        ("skipped", "skipped"), ("not run", "notrun"),
    ]

    func summaryTable(_ run: SummaryRun) -> String {
        var suites: [String] = []
        var bySuite: [String: [String: Int]] = [:]
        var flaky: [String: Int] = [:], expected: [String: Int] = [:]
        for item in run.cases {
            if bySuite[item.suite] == nil { suites.append(item.suite) }
            bySuite[item.suite, default: [:]][Self.outcomeClass(item), default: 0] += 1
            if item.flaky { flaky[item.suite, default: 0] += 1 }
            if case .skipped(expectedFailure: true) = item.outcome { expected[item.suite, default: 0] += 1 }
        }
        var html = "<h2 id=\"summary\">Summary</h2>\n<table class=\"summary\"><thead><tr><th>suite</th>"
            + Self.columns.map { "<th>\($0.title)</th>" }.joined() + "<th>total</th></tr></thead><tbody>\n"
        for suite in suites {
            let counts = bySuite[suite] ?? [:]
            let bad = (counts["failed"] ?? 0) + (counts["errored"] ?? 0) + (counts["notrun"] ?? 0)
            html += "<tr\(bad == 0 ? " class=\"quiet\"" : "")><td>\(text(suite))</td>"
            for column in Self.columns {
                var cell = String(counts[column.outcome] ?? 0)
                if column.outcome == "passed", let count = flaky[suite] { cell += " (\(count) flaky)" }
                if column.outcome == "skipped", let count = expected[suite] { cell += " (\(count) expected failure\(count == 1 ? "" : "s"))" }
                html += "<td class=\"n\">\(cell)</td>"
            }
            html += "<td class=\"n\">\(counts.values.reduce(0, +))</td></tr>\n"
        }
        let counts = run.counts
        html += "</tbody><tfoot><tr><th>all</th><td class=\"n\">\(counts.passed)\(counts.flaky > 0 ? " (\(counts.flaky) flaky)" : "")</td>"
            + "<td class=\"n\">\(counts.failed)</td><td class=\"n\">\(counts.errored)</td>"
            + "<td class=\"n\">\(counts.skipped)\(counts.expectedFailures > 0 ? " (\(counts.expectedFailures) expected failures)" : "")</td>"
            + "<td class=\"n\">\(counts.notRun)</td><td class=\"n\">\(counts.total)</td></tr></tfoot></table>\n"
        return html
    }

    /// Requirement → its cases → their outcomes, requirements in the order the run first names them.
    func coverage(_ run: SummaryRun) -> String {
        var order: [String] = []
        var cases: [String: [Int]] = [:]
        for (index, item) in run.cases.enumerated() {
            for requirement in item.requirements {
                if cases[requirement] == nil { order.append(requirement) }
                cases[requirement, default: []].append(index)
            }
        }
        guard !order.isEmpty else { return "" }
        var html = "<h2 id=\"coverage\">Requirement coverage</h2>\n"
            + "<table class=\"coverage\"><thead><tr><th>requirement</th><th>SDK versions</th><th>cases</th></tr></thead><tbody>\n"
        for requirement in order {
            let indices = cases[requirement] ?? []
            let bad = indices.contains { run.cases[$0].isShownInFull || run.cases[$0].outcome == .notRun }
            html += "<tr\(bad ? "" : " class=\"quiet\"")><td>\(text(requirement))</td><td>\(text(Self.versions(of: requirement, in: indices.map { run.cases[$0] })))</td><td>"
            html += indices.map { index in
                let item = run.cases[index]
                let own = item.sdkVersions.filter { $0.requirement == RequirementVersions.wholeCase }.map(\.range.description)
                let narrower = own.isEmpty ? "" : " <span class=\"req\">(this case: \(text(own.joined(separator: "; "))))</span>"
                return "<a href=\"#case-\(index)\" class=\"badge \(Self.outcomeClass(item))\">\(text("\(item.suite)/\(item.name)"))</a>" + narrower
            }.joined(separator: " ")
            html += "</td></tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    /// The SDK range that applies to `requirement`, as its cases carry it: the catalog gives one range per
    /// requirement, so the cases agree; a requirement none of them limits applies to every version.
    static func versions(of requirement: String, in cases: [SummaryCase]) -> String {
        var ranges: [SDKVersionRange] = []
        for entry in cases.flatMap(\.sdkVersions) where entry.requirement == requirement && !ranges.contains(entry.range) {
            ranges.append(entry.range)
        }
        return ranges.isEmpty ? SDKVersionRange().description : ranges.map(\.description).joined(separator: "; ")
    }

    // MARK: Cases

    static func outcomeClass(_ item: SummaryCase) -> String {
        switch item.outcome {
        case .passed: return "passed"
        case .failed: return "failed"
        case .errored: return "errored"
        case .notRun: return "notrun"
        case .skipped: return "skipped"
        }
    }

    static func badge(_ item: SummaryCase) -> String {
        switch item.outcome {
        case .passed: return item.flaky ? "<span class=\"badge flaky\">flaky pass</span>" : "<span class=\"badge passed\">passed</span>"
        case .failed: return "<span class=\"badge failed\">failed</span>"
        case .errored(let kind): return "<span class=\"badge errored\" title=\"\(HTMLText.escape(kind))\">errored</span>"
        case .notRun: return "<span class=\"badge notrun\">not run</span>"
        case .skipped(true): return "<span class=\"badge xfail\">expected failure</span>"
        case .skipped(false): return "<span class=\"badge skipped\">skipped</span>"
        }
    }

    func caseBlock(_ item: SummaryCase, index: Int) -> String {
        let requirements = item.requirements.isEmpty ? "" : " <span class=\"req\">\(text(item.requirements.joined(separator: ", ")))</span>"
        let open = item.isShownInFull || !item.attempts.isEmpty
        let head = "<details class=\"case \(Self.outcomeClass(item))\" id=\"case-\(index)\"\(open ? " open" : "")>"
            + "<summary>\(Self.badge(item)) \(text("\(item.suite)/\(item.name)"))\(requirements)</summary>"
        var body: [String] = []
        if case .errored(let kind) = item.outcome { body.append("<p>Not a verdict on the integration: \(text(kind)).</p>") }
        if let reason = item.reason { body.append("<p class=\"reason\">\(text(reason))</p>") }
        if let step = item.step { body.append("<p>Failing step: <code>\(text(step))</code></p>") }
        if let expected = item.expected { body.append("<div class=\"expected\"><b>Expected</b><pre>\(block(expected, Self.textLimit))</pre></div>") }
        if let observed = item.observed {
            body.append("<div class=\"observed\"><b>Got instead</b><pre>\(block(observed, Self.textLimit))</pre></div>")
        }
        if let details = item.text { body.append("<div class=\"details\"><b>Details</b><pre>\(block(details, Self.textLimit))</pre></div>") }
        if item.isShownInFull && !item.transcript.isEmpty {
            body.append(steps(item))
            let diagram = SequenceDiagram(redactor: redactor).render(item.transcript, failingStep: item.step)
            body.append("<div class=\"diagram\"><b>Sequence</b>\(diagram)</div>")
            let transcript = block(item.transcript.joined(separator: "\n"), Self.transcriptLimit)
            body.append("<div class=\"transcript\"><b>Transcript</b><pre>\(transcript)</pre></div>")
        }
        for (number, attempt) in item.attempts.enumerated() { body.append(attemptBlock(attempt, number: number + 1)) }
        return head + body.joined(separator: "\n") + "</details>\n"
    }

    /// An earlier, failed attempt: what it expected and what arrived instead, and its own diagram, so a flaky pass
    /// shows the failure its last run hid.
    func attemptBlock(_ attempt: SummaryAttempt, number: Int) -> String {
        var html = "<div class=\"attempt\"><b>Attempt \(number) \(attempt.failed ? "failed" : "could not be judged")</b>"
        if let step = attempt.step { html += "<p>Failing step: <code>\(text(step))</code></p>" }
        html += "<div class=\"expected\"><b>Expected</b><pre>\(block(attempt.expected, Self.textLimit))</pre></div>"
        if let observed = attempt.observed {
            html += "<div class=\"observed\"><b>Got instead</b><pre>\(block(observed, Self.textLimit))</pre></div>"
        }
        if !attempt.transcript.isEmpty {
            let diagram = SequenceDiagram(redactor: redactor).render(attempt.transcript, failingStep: attempt.step)
            html += "<div class=\"diagram\"><b>Sequence</b>\(diagram)</div>"
        }
        return html + "</div>"
    }

    /// The case's steps as the transcript opened them, each with its source line; the failing one marked.
    func steps(_ item: SummaryCase) -> String {
        let steps = item.transcript.compactMap(SequenceMessage.parse).filter { if case .step = $0.kind { true } else { false } }
        guard !steps.isEmpty else { return "" }
        return "<b>Steps</b><ol class=\"steps\">" + steps.map { step in
            let failing = step.kind == .step(location: item.step ?? "")
            return "<li\(failing ? " class=\"failing\"" : "")>\(text(step.label))</li>"
        }.joined() + "</ol>"
    }

    // MARK: Text

    /// One text from the run: redacted, then escaped.
    func text(_ value: String) -> String { HTMLText.escape(redactor.redact(value)) }

    /// A block of text cut to `bytes` (on a whole character, with a note saying so), redacted, then escaped. The cut
    /// comes after redaction, so a secret is never split into an unrecognised part.
    func block(_ value: String, _ bytes: Int) -> String {
        let (shown, cut) = MarkdownText.prefix(redactor.redact(value), bytes: bytes)
        return HTMLText.escape(shown) + (cut ? "\n[… cut at \(bytes) bytes: the JUnit report holds the rest]" : "")
    }
}
