import Foundation

/// An untyped JSON tree.
///
/// Graph objects are stored as they were posted (a policy may carry any of dozens of settings), so the mock keeps
/// them as a tree instead of a fixed struct. Integers and fractional numbers are kept apart so a posted `4` comes
/// back as `4`, not `4.0`.
enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    /// Why a body could not be read as JSON.
    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    /// Parses UTF-8 JSON text.
    static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSON {
        guard !bytes.isEmpty else { throw ParseError(description: "the body is empty") }
        do {
            return try JSONDecoder().decode(JSON.self, from: Data(bytes))
        } catch {
            throw ParseError(description: "the body is not valid JSON")
        }
    }

    /// Compact UTF-8 JSON text with sorted keys, so answers are byte-for-byte reproducible.
    func serialized() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a JSON tree cannot fail: it holds no non-finite doubles (the decoder never produces them).
        return (try? encoder.encode(self)) ?? Data("null".utf8)
    }

    /// The member `key` of an object, or nil for a missing member or a non-object.
    subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var objectValue: [String: JSON]? {
        if case .object(let members) = self { return members }
        return nil
    }

    var arrayValue: [JSON]? {
        if case .array(let items) = self { return items }
        return nil
    }

    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The value as an integer; a fractional number with no fraction (`4.0`) counts as one.
    var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value) where value.rounded() == value && abs(value) < 9e15: return Int(value)
        default: return nil
        }
    }

    /// The value as a number of any kind.
    var doubleValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    var isNull: Bool { self == .null }

    /// A short name of the value's kind, for error messages.
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .int, .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

extension JSON: Codable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    init(nilLiteral: ()) { self = .null }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(stringLiteral value: String) { self = .string(value) }
    init(arrayLiteral elements: JSON...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// A string, or `null` when there is none.
    static func optional(_ value: String?) -> JSON {
        value.map(JSON.string) ?? .null
    }
}
