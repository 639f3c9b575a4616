import Foundation

/// `application/x-www-form-urlencoded` bodies, as OAuth token requests send them.
///
/// Written out rather than borrowed because token requests must decode `+` as a space and `%XX` as UTF-8 bytes
/// exactly (a secret or password with `+`, `&` or non-ASCII characters must survive), and malformed escapes must be
/// refused instead of being passed through.
enum FormURLEncoded {
    /// Why a form body was refused.
    struct MalformedForm: Error, CustomStringConvertible {
        let description: String
    }

    /// Decodes `a=1&b=x+y` into fields; a name given twice keeps its first value, as Entra does.
    static func decode(_ bytes: [UInt8]) throws(MalformedForm) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = try decodeComponent(parts[0])
            let value = parts.count > 1 ? try decodeComponent(parts[1]) : ""
            if fields[name] == nil { fields[name] = value }
        }
        return fields
    }

    /// Decodes one name or value: `+` is a space, `%XX` a byte; the bytes must form UTF-8.
    static func decodeComponent(_ component: ArraySlice<UInt8>) throws(MalformedForm) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(component.count)
        var index = component.startIndex
        while index < component.endIndex {
            let byte = component[index]
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
                index += 1
            case UInt8(ascii: "%"):
                guard let high = hexValue(component[safe: index + 1]),
                    let low = hexValue(component[safe: index + 2])
                else {
                    throw MalformedForm(description: "a percent escape is incomplete or not hexadecimal")
                }
                bytes.append(high << 4 | low)
                index += 3
            default:
                bytes.append(byte)
                index += 1
            }
        }
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw MalformedForm(description: "a field is not valid UTF-8 after percent-decoding")
        }
        return text
    }

    private static func hexValue(_ byte: UInt8?) -> UInt8? {
        guard let byte else { return nil }
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

extension ArraySlice {
    /// The element at `index`, or nil past either end.
    fileprivate subscript(safe index: Index) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
