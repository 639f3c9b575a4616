/// Text from the run made safe for HTML, in element content and in quoted attribute values alike: it can neither
/// open an element nor close an attribute, and what HTML cannot show (C0 controls) is made visible as the JUnit
/// report writes it. Callers redact first, then escape.
enum HTMLText {
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in MarkdownText.visible(text) {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// At most `characters` characters of `text`, with `…` where it was cut: a diagram label has a lane's width.
    static func clipped(_ text: String, to characters: Int) -> String {
        text.count <= characters ? text : String(text.prefix(max(0, characters - 1))) + "…"
    }
}
