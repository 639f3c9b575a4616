import ConformanceCore

/// Renders a run as Markdown for GitHub's step summary (`$GITHUB_STEP_SUMMARY`): the verdict, the counts by
/// outcome, then the cases that failed or could not be judged in full, then the skipped ones with their reasons.
///
/// GitHub refuses a check summary over 65,535 bytes (dorny/test-reporter#57), and a run with thousands of
/// failures would be far over it. So the text never exceeds ``byteLimit`` UTF-8 bytes: the verdict and the counts
/// come first and always stay whole, each case is a block that is either in or out (a cut never falls inside a
/// fenced block or a UTF-8 sequence), and the cases that no longer fit are counted on one last line that points at
/// the JUnit report. A failed case and a case that could not be judged (an adapter, backend or harness fault, or
/// one that never ran) are listed and counted apart, so a harness fault never reads as a product failure.
///
/// Every text from the run goes through the run's redactor before it is cut and shown (see ``shown(_:bytes:)``).
public struct GitHubSummary {
    /// The most bytes a summary holds: GitHub's cap on a check run's summary.
    public static let byteLimit = 65_535
    /// The most bytes of one case's text in one fenced block (what arrived instead, an event list, an error's
    /// stderr): one case with a megabyte of events must not push every other case out.
    static let blockLimit = 2_000
    /// The most bytes of one line of running text (a name, an expectation, a reason, a problem).
    static let lineLimit = 600
    /// The most causes of cases not run, and of problems outside any case, that are named.
    static let listLimit = 10
    /// The most bytes of a text that are redacted: more than the summary ever shows of one, by a margin longer than
    /// any secret, so a secret this first cut splits lies wholly in the part the shown cut drops.
    static let redactionWindow = blockLimit + 4_096

    let redactor: Redactor

    public static func render(_ run: SummaryRun, redactor: Redactor, limit: Int = byteLimit) -> String {
        GitHubSummary(redactor: redactor).render(run, limit: limit)
    }

    func render(_ run: SummaryRun, limit: Int) -> String {
        var text = head(run, run.counts)
        let failed = run.cases.filter { $0.outcome == .failed }
        let errored = run.cases.filter { if case .errored = $0.outcome { true } else { false } }
        let skipped = run.cases.filter { if case .skipped = $0.outcome { true } else { false } }

        // Blocks are made one at a time and stop at the first that does not fit (a run of thousands of failures
        // renders and redacts only what is shown). Each is checked against what is left once the closing line it
        // might need is counted too, so that line always fits after the last block taken.
        let sections: [(Section, [SummaryCase])] = [(.failed, failed), (.errored, errored), (.skipped, skipped)]
        var left: [Section: Int] = [.failed: failed.count, .errored: errored.count, .skipped: skipped.count]
        var used = text.utf8.count
        fill: for (section, cases) in sections {
            for (index, item) in cases.enumerated() {
                let block = (index == 0 ? section.title(cases.count) : "") + (section == .skipped ? skipRow(item) : caseBlock(item))
                var after = left
                after[section, default: 0] -= 1
                let size = block.utf8.count
                guard used + size + closing(after, run).utf8.count <= limit else { break fill }
                text += block
                used += size
                left = after
            }
        }
        text += closing(left, run)
        return text
    }

    enum Section: Hashable {
        case failed, errored, skipped

        func title(_ count: Int) -> String {
            switch self {
            case .failed: return "\n### Failed cases (\(count))\n\nThe integration did not do what the case expects.\n"
            case .errored: return "\n### Cases that could not be judged (\(count))\n\nAn adapter, backend or harness fault, or an interruption: "
                + "not a verdict on the integration.\n"
            case .skipped: return "\n### Skipped cases (\(count))\n\n| case | reason |\n|:--|:--|\n"
            }
        }
    }

    // MARK: Head: verdict and counts, always whole

    func head(_ run: SummaryRun, _ counts: SummaryRun.Counts) -> String {
        var lines = ["## mamconf: \(Self.verdict(run, counts))", ""]
        if let identity = run.identity { lines += [line(identity), ""] }
        lines += [
            "| outcome | cases |",
            "|:--|--:|",
            "| ✅ passed | \(counts.passed) |",
        ]
        if counts.flaky > 0 { lines.append("| &nbsp;&nbsp;of which flaky (passed on a rerun) | \(counts.flaky) |") }
        lines += [
            "| ❌ failed: the integration did not do what the case expects | \(counts.failed) |",
            "| ⚠️ errored: an adapter, backend or harness fault, not judged | \(counts.errored) |",
            "| ⛔ not run: the run stopped before the case, or could not start | \(counts.notRun) |",
            "| ⏭️ skipped | \(counts.skipped) |",
        ]
        if counts.expectedFailures > 0 { lines.append("| &nbsp;&nbsp;of which known failures (--expected-failures) | \(counts.expectedFailures) |") }
        lines += ["| **total** | **\(counts.total)** |", ""]
        if !run.problems.isEmpty {
            lines.append("Outside any case:")
            lines += run.problems.prefix(Self.listLimit).map { "- " + line($0) }
            if run.problems.count > Self.listLimit { lines.append("- … and \(run.problems.count - Self.listLimit) more") }
            lines.append("")
        }
        let notRun = Self.notRunCauses(run.cases)
        if !notRun.isEmpty {
            lines.append("Not run:")
            lines += notRun.prefix(Self.listLimit).map { "- \($0.count) case(s): " + line($0.cause) }
            if notRun.count > Self.listLimit {
                lines.append("- … and \(notRun.dropFirst(Self.listLimit).reduce(0) { $0 + $1.count }) case(s) for other reasons")
            }
            lines.append("")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The run's verdict in a few words. Only a failed case makes the run "failed"; cases that could not be judged
    /// make it "not judged", never "failed" and never "passed".
    static func verdict(_ run: SummaryRun, _ c: SummaryRun.Counts) -> String {
        let unjudged = c.errored + c.notRun
        let alsoUnjudged = unjudged > 0 ? ", \(unjudged) could not be judged" : ""
        if run.interrupted {
            return "⏹️ interrupted: \(c.failed) of \(c.total) case(s) failed\(alsoUnjudged) before the signal"
        }
        if c.failed > 0 { return "❌ failed: \(c.failed) of \(c.total) case(s) failed\(alsoUnjudged)" }
        if unjudged > 0 { return "⚠️ not judged: \(unjudged) of \(c.total) case(s) could not be judged" }
        if !run.problems.isEmpty { return "⚠️ not passed: every case passed or was skipped, but the run had problems" }
        if c.total == 0 { return "⚪ no case ran" }
        if c.passed == 0 { return "⚪ every case was skipped (\(c.skipped))" }
        return "✅ passed: \(c.passed) of \(c.total) case(s) passed" + (c.skipped > 0 ? ", \(c.skipped) skipped" : "")
    }

    /// Each cause of cases not run, once, with how many it stopped, in the order they came.
    static func notRunCauses(_ cases: [SummaryCase]) -> [(cause: String, count: Int)] {
        var causes: [(cause: String, count: Int)] = []
        var position: [String: Int] = [:]
        for item in cases where item.outcome == .notRun {
            let cause = item.expected ?? "not run"
            if let at = position[cause] { causes[at].count += 1 } else {
                position[cause] = causes.count
                causes.append((cause, 1))
            }
        }
        return causes
    }

    // MARK: Cases

    func caseBlock(_ item: SummaryCase) -> String {
        var lines: [String] = []
        let title = "\(line(item.suite)) / \(line(item.name))"
        switch item.outcome {
        case .errored(let kind): lines.append("\n#### ⚠️ \(title): could not be judged (\(line(kind)))\n")
        default: lines.append("\n#### ❌ \(title)\n")
        }
        lines.append("- **Requirements:** " + (item.requirements.isEmpty ? "none" : item.requirements.map(line).joined(separator: ", ")))
        if let step = item.step { lines.append("- **Step:** " + line(step)) }
        if item.outcome == .failed {
            lines.append("- **Expected:** " + line(item.expected ?? ""))
            lines.append("- **Got instead:**\n")
            lines.append(MarkdownText.fenced(block(item.observed ?? "nothing was reported")))
            if let text = item.text {
                lines.append("<details><summary>Events and details</summary>\n")
                lines.append(MarkdownText.fenced(block(text)))
                lines.append("</details>\n")
            }
        } else {
            lines.append("- **Error:**\n")
            lines.append(MarkdownText.fenced(block([item.expected, item.text].compactMap { $0 }.joined(separator: "\n\n"))))
        }
        return lines.joined(separator: "\n")
    }

    func skipRow(_ item: SummaryCase) -> String {
        "| \(line(item.suite)) / \(line(item.name)) | \(line(item.reason ?? "")) |\n"
    }

    /// What closes the summary: the cases left out, by kind, and where they are in full.
    func closing(_ left: [Section: Int], _ run: SummaryRun) -> String {
        let report = run.reportPath.map { "the JUnit report, " + line($0) } ?? "the JUnit report"
        let failed = left[.failed] ?? 0, errored = left[.errored] ?? 0, skipped = left[.skipped] ?? 0
        var parts: [String] = []
        if failed > 0 { parts.append("\(failed) more failed case(s)") }
        if errored > 0 { parts.append("\(errored) more case(s) that could not be judged") }
        if failed + errored > 0 {
            // Cases were left out for room: the skipped ones are counted above and listed in the report.
            return "\n… and \(parts.joined(separator: " and ")) (see \(report))\n"
        }
        return skipped > 0 ? "\n… and \(skipped) more skipped case(s) (see \(report))\n" : ""
    }

    // MARK: Texts

    /// A text as the summary may show it: redacted, then at most `bytes` bytes; `cut` says whether some was left out.
    /// Only a window of it is redacted (see ``redactionWindow``), so a megabyte of events costs no more than a page.
    func shown(_ text: String, bytes: Int) -> (text: String, cut: Bool) {
        let window = MarkdownText.prefix(text, bytes: Self.redactionWindow)
        let (kept, cut) = MarkdownText.prefix(redactor.redact(window.text), bytes: bytes)
        return (kept, cut || window.cut)
    }

    /// A line of running text: redacted, at most ``lineLimit`` bytes, escaped.
    func line(_ text: String) -> String {
        let (kept, cut) = shown(text, bytes: Self.lineLimit)
        return MarkdownText.inline(cut ? kept + "…" : kept)
    }

    /// A fenced block's text: redacted, at most ``blockLimit`` bytes, saying when some was left out.
    func block(_ text: String) -> String {
        let (kept, cut) = shown(text, bytes: Self.blockLimit)
        return cut ? kept + "\n… (cut here: the whole text is in the JUnit report)" : kept
    }
}
