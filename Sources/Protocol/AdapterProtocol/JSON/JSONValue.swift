import Foundation

/// A JSON value as it travels over the adapter protocol.
///
/// Both sides of the wire (the harness and a vendor's test host) exchange loosely shaped parameters; a
/// closed enum keeps them `Sendable` and comparable without dragging `Any` across concurrency domains.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
    public var doubleValue: Double? { if case .number(let n) = self { return n }; return nil }
    public var intValue: Int? {
        if case .number(let n) = self, n.rounded() == n, abs(n) < 9.0e15 { return Int(n) }
        return nil
    }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    public var objectValue: [String: JSONValue]? { if case .object(let o) = self { return o }; return nil }
    public var isNull: Bool { if case .null = self { return true }; return false }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: Codable {
    public init(from decoder: Decoder) throws {
        // A decoder can only be asked "is it this type?" by trying, and every wrong guess builds and throws an error
        // (and, under a test runner, captures a backtrace). Protocol lines and HTTP bodies are mostly objects and
        // strings, so those are tried first: a string costs no wrong guess, an object one.
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let s = try? container.decode(String.self) { self = .string(s) }
        else if let o = try? container.decode([String: JSONValue].self) { self = .object(o) }
        else if let a = try? container.decode([JSONValue].self) { self = .array(a) }
        else if let b = try? container.decode(Bool.self) { self = .bool(b) }
        else if let n = try? container.decode(Double.self) { self = .number(n) }
        else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let b): try container.encode(b)
        case .number(let n):
            if n.rounded() == n, abs(n) < 9.0e15 { try container.encode(Int64(n)) } else { try container.encode(n) }
        case .string(let s): try container.encode(s)
        case .array(let a): try container.encode(a)
        case .object(let o): try container.encode(o)
        }
    }
}

extension JSONValue {
    /// Parses one JSON text. Used for protocol lines and HTTP bodies alike.
    ///
    /// Foundation's `JSONSerialization` parses and this converts its tree: going through `Decodable` instead costs a
    /// thrown error for every wrong guess at a value's type (four for each number), and made parsing a protocol line
    /// about 2.4 times as slow (issue 30). `JSONValueParseTests` holds the two paths to the same answers.
    public static func parse(_ data: Data) throws -> JSONValue {
        try converting(JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    public static func parse(_ text: String) throws -> JSONValue {
        try parse(Data(text.utf8))
    }

    /// What `JSONSerialization` produced, as a value. A Boolean comes as an `NSNumber` whose type is `char` (the parser
    /// makes no other number of that type); every other number becomes a `Double`, as `Decodable` would read it.
    private static func converting(_ object: Any) throws -> JSONValue {
        switch object {
        case let text as String: return .string(text)
        case let members as [String: Any]: return .object(try members.mapValues(converting))
        case let elements as [Any]: return .array(try elements.map(converting))
        case is NSNull: return .null
        case let number as NSNumber:
            return number.objCType.pointee == CChar(UInt8(ascii: "c")) ? .bool(number.boolValue) : .number(number.doubleValue)
        default:
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not a JSON value: \(type(of: object))"))
        }
    }

    /// Compact, key-sorted serialisation: stable output makes transcripts and diffs readable.
    public func serialized() -> Data {
        JSONValueWriter.write(self)
    }

    public var compactText: String { String(decoding: serialized(), as: UTF8.self) }
}

extension JSONValue: CustomStringConvertible {
    public var description: String { compactText }
}
