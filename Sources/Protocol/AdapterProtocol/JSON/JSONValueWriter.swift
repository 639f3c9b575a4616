import Foundation

/// Writes a ``JSONValue`` as compact, key-sorted JSON text, byte for byte what `JSONEncoder` with `.sortedKeys`
/// and `.withoutEscapingSlashes` writes for it (a property test holds the two together).
///
/// Every protocol line and every mock answer is serialised, so this is on the hot path of both sides; going
/// through `Encodable` and `JSONEncoder` cost several times more than writing the tree directly.
enum JSONValueWriter {
    static func write(_ value: JSONValue) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        // JSON has no NaN or infinity: JSONEncoder refuses the whole value, which then serialises as null.
        guard append(value, to: &bytes) else { return Data("null".utf8) }
        return Data(bytes)
    }

    /// Appends `value`; false when it holds a number JSON cannot write.
    private static func append(_ value: JSONValue, to bytes: inout [UInt8]) -> Bool {
        switch value {
        case .null:
            bytes.append(contentsOf: "null".utf8)
        case .bool(let flag):
            bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number):
            guard number.isFinite else { return false }
            appendNumber(number, to: &bytes)
        case .string(let text):
            appendString(text, to: &bytes)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                guard append(item, to: &bytes) else { return false }
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            // JSONEncoder's .sortedKeys orders by the keys' UTF-8 bytes.
            for (index, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                appendString(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                guard append(members[key]!, to: &bytes) else { return false }
            }
            bytes.append(UInt8(ascii: "}"))
        }
        return true
    }

    private static func appendNumber(_ number: Double, to bytes: inout [UInt8]) {
        if number.rounded() == number, abs(number) < 9.0e15 {
            bytes.append(contentsOf: String(Int64(number)).utf8)
            return
        }
        var text = number.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    private static func appendString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00..<0x20:
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
