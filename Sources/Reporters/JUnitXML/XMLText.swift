import Foundation

/// Turns arbitrary text into bytes that are always well-formed XML 1.0.
///
/// libxml2's writer passes control characters through and cuts strings at NUL (recipe §5), so nothing
/// reaches it unprepared: characters that XML 1.0 cannot represent at all become a visible `#xNN`
/// marker, then markup characters are escaped, and the result goes in as bytes with an explicit length.
enum XMLText {
    /// Replaces every scalar outside the XML 1.0 `Char` production with `#xNN` (at least two hex digits).
    static func sanitize(_ text: String) -> String {
        guard !text.unicodeScalars.allSatisfy(isXMLChar) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isXMLChar(scalar) { out.append(scalar) } else { out.append(contentsOf: marker(scalar.value).unicodeScalars) }
        }
        return String(out)
    }

    /// Decodes UTF-8, turning each byte of an invalid sequence into `#xNN` so a reader can still tell
    /// which bytes they were (U+FFFD would hide that), then applies ``sanitize(_:)``.
    static func sanitize(bytes: Data) -> String {
        let raw = [UInt8](bytes)
        var out = String.UnicodeScalarView()
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = raw.makeIterator()
        var offset = 0
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if isXMLChar(scalar) { out.append(scalar) } else { out.append(contentsOf: marker(scalar.value).unicodeScalars) }
                offset += encoded.count
            case .error(let length):
                for byte in raw[offset..<offset + length] {
                    out.append(contentsOf: marker(UInt32(byte)).unicodeScalars)
                }
                offset += length
            case .emptyInput:
                break loop
            }
        }
        return String(out)
    }

    /// Escaped UTF-8 for element content: `& < >` and CR (a parser would turn a raw CR into LF).
    static func escapedText(_ text: String) -> [UInt8] {
        escape(sanitize(text), attribute: false)
    }

    /// Escaped UTF-8 for a double-quoted attribute value: also `"`, and TAB/LF/CR, which attribute-value
    /// normalisation would otherwise turn into spaces.
    static func escapedAttribute(_ text: String) -> [UInt8] {
        escape(sanitize(text), attribute: true)
    }

    private static func escape(_ text: String, attribute: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out += Array("&amp;".utf8)
            case UInt8(ascii: "<"): out += Array("&lt;".utf8)
            case UInt8(ascii: ">"): out += Array("&gt;".utf8)
            case 0x0D: out += Array("&#13;".utf8)
            case UInt8(ascii: "\"") where attribute: out += Array("&quot;".utf8)
            case 0x09 where attribute: out += Array("&#9;".utf8)
            case 0x0A where attribute: out += Array("&#10;".utf8)
            default: out.append(byte)
            }
        }
        return out
    }

    /// XML 1.0 `Char`: `#x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]`.
    static func isXMLChar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    private static func marker(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "#x" + (hex.count < 2 ? "0" + hex : hex)
    }
}
