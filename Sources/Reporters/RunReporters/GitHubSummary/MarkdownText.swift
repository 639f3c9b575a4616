import JUnitXML

/// Text from the run (case names, messages, what an adapter said) made safe for GitHub-flavoured Markdown: it can
/// neither open a code block, a table cell, an HTML element, a link, a mention nor a formula, nor close one the
/// summary opened. Every character stays visible.
enum MarkdownText {
    /// The ASCII punctuation that means something mid-line in GitHub's Markdown: emphasis, code spans, links,
    /// HTML (`<`, `&`), table cells (`|`), strike-through, math (`$`), mentions and issue references. Each is
    /// escaped with a backslash, which CommonMark allows before any ASCII punctuation.
    private static let special: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "&", "|", "~", "$", "@", "#", "!"]

    /// One line of running text (a list item or a table cell): line breaks become spaces, control characters
    /// become visible, specials are escaped.
    static func inline(_ text: String) -> String {
        var escaped = ""
        for character in visible(text) {
            if character == "\n" || character == "\r\n" || character == "\r" {
                escaped.append(" ")
            } else {
                if special.contains(character) { escaped.append("\\") }
                escaped.append(character)
            }
        }
        return escaped
    }

    /// A fenced code block holding `text` as it is: its fence is longer than any run of backticks in the text, so
    /// nothing in it can close the block early, and inside a code block `<script>` is shown, not run.
    static func fenced(_ text: String) -> String {
        let body = visible(text)
        var longest = 0, run = 0
        for character in body {
            if character == "`" { run += 1; longest = max(longest, run) } else { run = 0 }
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return "\(fence)text\n\(body)\n\(fence)\n"
    }

    /// The text with what Markdown cannot show (C0 controls but tab and line feed, U+FFFE/U+FFFF) as a visible
    /// `#xNN`, as the JUnit report writes it; carriage returns end lines like line feeds.
    static func visible(_ text: String) -> String {
        JUnitWriter.sanitize(text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n"))
    }

    /// The longest prefix of `text` of at most `bytes` UTF-8 bytes that ends on a whole Unicode scalar, so a cut never
    /// splits a UTF-8 sequence; `cut` says whether anything was left. Found on the bytes, not by walking characters:
    /// a run's texts can be megabytes long.
    static func prefix(_ text: String, bytes: Int) -> (text: String, cut: Bool) {
        let utf8 = text.utf8
        guard utf8.count > bytes else { return (text, false) }
        var end = utf8.index(utf8.startIndex, offsetBy: max(0, bytes))
        // A UTF-8 continuation byte (10xxxxxx) is inside a sequence: step back to where it starts.
        while end > utf8.startIndex && utf8[end] & 0b1100_0000 == 0b1000_0000 { end = utf8.index(before: end) }
        return (String(text[..<end]), true)
    }
}
