import Foundation

/// The comparison as text for a terminal or CI log, and as Markdown for a pull-request comment.
extension ReportComparison {
    /// The categories in the order they are shown.
    private var categories: [(title: String, changes: [Change])] {
        [("regressions", regressions), ("fixes", fixes), ("new", added), ("removed", removed),
         ("newly skipped", newlySkipped), ("no longer skipped", unskipped)]
    }

    /// Most rows a Markdown table shows; GitHub limits a comment to 65,536 characters.
    public static let markdownRowLimit = 50

    /// One line with every count, e.g. `2 regressions, 1 fix, 0 new, 0 removed, 0 newly skipped, 3 still failing`.
    public var summary: String {
        var parts = [count(regressions.count, "regression", "regressions"), count(fixes.count, "fix", "fixes"),
                     "\(added.count) new", "\(removed.count) removed", "\(newlySkipped.count) newly skipped"]
        if !unskipped.isEmpty { parts.append("\(unskipped.count) no longer skipped") }
        parts.append("\(stillFailing) still failing")
        return parts.joined(separator: ", ")
    }

    /// A plain-text listing: a verdict, the summary, then each non-empty category with one line per case.
    public func text(base: String, new: String) -> String {
        var lines = ["compared \(new) (\(newCount) cases) with \(base) (\(baseCount) cases)"]
        lines.append((hasRegressions ? "REGRESSED: " : "no regressions: ") + summary)
        for (title, changes) in categories where !changes.isEmpty {
            lines.append("\(title):")
            for change in changes {
                var line = "  \(Self.caseLabel(change)): \(Self.label(change.before)) -> \(Self.label(change.after))"
                if let message = change.message.map(Self.short), !message.isEmpty { line += ": " + message }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A pull-request comment: a heading, a one-line verdict, and a table per non-empty category
    /// (case, before, after, and NEW's failure message, shortened).
    public func markdown(base: String, new: String) -> String {
        var lines = ["### mamconf: \(Self.markdownCell(new)) compared with \(Self.markdownCell(base))", ""]
        if hasRegressions {
            lines.append(":x: **\(count(regressions.count, "regression", "regressions"))**: \(count(regressions.count, "case", "cases")) that passed before \(regressions.count == 1 ? "fails" : "fail") now. \(summary).")
        } else {
            lines.append(":white_check_mark: **No regressions.** \(summary.prefix(1).uppercased() + summary.dropFirst()).")
        }
        for (title, changes) in categories where !changes.isEmpty {
            lines += ["", "#### \(title.prefix(1).uppercased() + title.dropFirst()) (\(changes.count))", "",
                      "| Case | Before | After | Message |", "| --- | --- | --- | --- |"]
            for change in changes.prefix(Self.markdownRowLimit) {
                lines.append("| \(Self.markdownCell(Self.caseLabel(change))) | \(Self.label(change.before)) | \(Self.label(change.after)) | "
                    + "\(Self.markdownCell(change.message.map(Self.short) ?? "")) |")
            }
            if changes.count > Self.markdownRowLimit {
                lines += ["", "… and \(changes.count - Self.markdownRowLimit) more."]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func count(_ number: Int, _ one: String, _ many: String) -> String {
        "\(number) \(number == 1 ? one : many)"
    }

    private static func caseLabel(_ change: Change) -> String {
        change.classname.isEmpty ? change.name : "\(change.classname) / \(change.name)"
    }

    private static func label(_ status: Status?) -> String {
        status?.rawValue ?? "-"
    }

    /// The first non-empty line, at most 120 characters.
    static func short(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).lazy.map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty } ?? ""
        return line.count > 120 ? String(line.prefix(119)) + "…" : line
    }

    /// Text safe inside a Markdown table cell: one line, `|` and Markdown/HTML markup escaped, and nothing
    /// GitHub would turn into a notification or a link: a zero-width space (`&#8203;`, as Dependabot does it)
    /// goes after every `@` (mentions, e-mail addresses), after the `:` of `://` and before the `.` of `www.`.
    public static func markdownCell(_ text: String) -> String {
        let characters = Array(text)
        var out = ""
        for (index, character) in characters.enumerated() {
            switch character {
            case "\n", "\r", "\r\n", "\t": out.append(" ")
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "|", "\\", "`", "*", "_", "[", "]", "#", "~", "$": out += "\\" + String(character)
            case "@": out += "@&#8203;"
            case ":" where characters[(index + 1)...].starts(with: ["/", "/"]): out += ":&#8203;"
            case "." where index >= 3 && String(characters[(index - 3)..<index]).lowercased() == "www": out += "&#8203;."
            default: out.append(character)
            }
        }
        return out
    }
}
