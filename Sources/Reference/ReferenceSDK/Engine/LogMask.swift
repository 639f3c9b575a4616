/// Masks every occurrence of some texts in a log line in one left-to-right pass.
///
/// One pass, longest match first, so a mask is never scanned again: replacing texts one after the other
/// would let a short value match inside an earlier mask (`<redacted>` contains "act") or inside the rest
/// of a longer value, and a value the log must never show could reappear through its own mask.
enum LogMask {
    /// `text` with every occurrence of a key of `masks` replaced by its value; empty keys are ignored.
    static func apply(_ text: String, _ masks: [String: String]) -> String {
        let patterns = masks.filter { !$0.key.isEmpty && text.contains($0.key) }
            .sorted { $0.key.count > $1.key.count }
        guard !patterns.isEmpty else { return text }
        var output = ""
        var index = text.startIndex
        scanning: while index < text.endIndex {
            let rest = text[index...]
            for (pattern, mask) in patterns where rest.hasPrefix(pattern) {
                output += mask
                index = text.index(index, offsetBy: pattern.count)
                continue scanning
            }
            output.append(text[index])
            index = text.index(after: index)
        }
        return output
    }
}
