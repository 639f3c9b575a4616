/// Text as a terminal lays it out: in display columns, not characters. East Asian wide characters and emoji
/// take two columns, combining marks and escape sequences none. The table is Unicode's East Asian Width (wide
/// and fullwidth ranges) plus emoji presentation, which is what terminals use; rare ambiguous characters count
/// as one column.
enum TerminalText {
    /// Columns `text` takes on a terminal; `ESC [ … letter` sequences (colours) take none.
    static func columns(of text: String) -> Int {
        var total = 0
        var escape = EscapeState.none
        for character in text {
            if skip(character, &escape) { continue }
            total += columns(of: character)
        }
        return total
    }

    /// `text` cut to at most `limit` columns, ending in `…` when something was cut. Escape sequences are kept
    /// out of the count; the text should carry none (paint it after cutting).
    static func cut(_ text: String, toColumns limit: Int) -> String {
        guard columns(of: text) > limit else { return text }
        guard limit > 0 else { return "" }
        var out = ""
        var used = 0
        var escape = EscapeState.none
        for character in text {
            if skip(character, &escape) { out.append(character); continue }
            let width = columns(of: character)
            if used + width > limit - 1 { break }
            out.append(character)
            used += width
        }
        return out + "…"
    }

    /// Columns one character takes.
    static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        switch first.properties.generalCategory {
        case .control, .format, .nonspacingMark, .enclosingMark, .lineSeparator, .paragraphSeparator: return 0
        default: break
        }
        // An emoji sequence (a ZWJ sequence, a flag, a text symbol with VS16) is drawn as one wide glyph.
        if first.properties.isEmojiPresentation || (scalars.count > 1 && scalars.contains { $0.value == 0xFE0F }) { return 2 }
        return wide(first.value) ? 2 : 1
    }

    /// East Asian Wide and Fullwidth code points.
    private static func wide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
             0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
             0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    private enum EscapeState { case none, escape, sequence }

    /// Whether `character` belongs to an escape sequence (`ESC [ parameters letter`), advancing through it.
    private static func skip(_ character: Character, _ state: inout EscapeState) -> Bool {
        switch state {
        case .none:
            guard character == "\u{1B}" else { return false }
            state = .escape
        case .escape:
            state = character == "[" ? .sequence : .none
        case .sequence:
            if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii) { state = .none }
        }
        return true
    }
}
