/// Decodes `Decodable` values straight from `JSONValue`.
///
/// Errors name the offending member by its path (`backend.tokenURL`), so a bridge can answer `-32602` with
/// a message a vendor acts on. Unknown members are ignored: strictness about extra keys is the schemas'
/// job (`--strict-protocol`), and a lenient reader keeps older peers working.
public struct JSONValueDecoder: Sendable {
    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(WireDecodingError) -> T {
        if let json = value as? T { return json }
        do {
            return try T(from: ValueDecoder(value: value, codingPath: []))
        } catch let error as WireDecodingError {
            throw error
        } catch let error as DecodingError {
            throw WireDecodingError(error)
        } catch {
            throw WireDecodingError(path: "", problem: "\(error)")
        }
    }
}

/// Why a JSON value does not fit a message type: the member's path and what is wrong with it.
public struct WireDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Dotted path of the member (`app.settings.MultiIdentity`, `accountIds[2]`); empty for the whole value.
    public var path: String
    public var problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    init(_ error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context):
            self.init(path: Self.path(context.codingPath), problem: "must be \(Self.describe(type))")
        case .valueNotFound(let type, let context):
            self.init(path: Self.path(context.codingPath), problem: "must be \(Self.describe(type)), not null")
        case .keyNotFound(let key, let context):
            self.init(path: Self.path(context.codingPath + [key]), problem: "is missing")
        case .dataCorrupted(let context):
            self.init(path: Self.path(context.codingPath), problem: context.debugDescription)
        @unknown default:
            self.init(path: "", problem: "\(error)")
        }
    }

    public var description: String {
        path.isEmpty ? problem : "parameter \"\(path)\" \(problem)"
    }

    static func path(_ keys: [any CodingKey]) -> String {
        var out = ""
        for key in keys {
            if let index = key.intValue, key.stringValue.hasPrefix("[") || key.stringValue == "Index \(index)" {
                out += "[\(index)]"
            } else {
                out += out.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return out
    }

    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "a boolean"
        case is Int.Type, is Int64.Type: return "a whole number"
        case is Double.Type, is Float.Type: return "a number"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return "a value of type \(name)"
        }
    }
}

private struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw DecodingError.typeMismatch([String: JSONValue].self, .init(codingPath: codingPath, debugDescription: "expected an object"))
        }
        return KeyedDecodingContainer(KeyedValueDecoder<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else {
            throw DecodingError.typeMismatch([JSONValue].self, .init(codingPath: codingPath, debugDescription: "expected an array"))
        }
        return UnkeyedValueDecoder(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueDecoder(value: value, codingPath: codingPath)
    }
}

/// Reads a primitive out of a JSON value, or throws the decoding error the standard library would.
private func primitive<T>(_ value: JSONValue, _ type: T.Type, _ path: [any CodingKey]) throws -> T {
    func mismatch() -> DecodingError {
        if value.isNull { return .valueNotFound(T.self, .init(codingPath: path, debugDescription: "found null")) }
        return .typeMismatch(T.self, .init(codingPath: path, debugDescription: "found \(value.compactText.prefix(60))"))
    }
    switch (type, value) {
    case (is String.Type, .string(let s)): return s as! T
    case (is Bool.Type, .bool(let b)): return b as! T
    case (is Double.Type, .number(let n)): return n as! T
    case (is Float.Type, .number(let n)): return Float(n) as! T
    case (is Int.Type, .number(let n)):
        guard n.rounded() == n, abs(n) < 9.0e15 else { throw mismatch() }
        return Int(n) as! T
    case (is Int64.Type, .number(let n)):
        guard n.rounded() == n, abs(n) < 9.0e15 else { throw mismatch() }
        return Int64(n) as! T
    default:
        throw mismatch()
    }
}

private func decodeNested<T: Decodable>(_ type: T.Type, _ value: JSONValue, _ path: [any CodingKey]) throws -> T {
    if T.self == JSONValue.self { return value as! T }
    switch type {
    case is String.Type, is Bool.Type, is Double.Type, is Float.Type, is Int.Type, is Int64.Type:
        return try primitive(value, type, path)
    default:
        return try T(from: ValueDecoder(value: value, codingPath: path))
    }
}

private struct KeyedValueDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func member(_ key: Key) throws -> JSONValue {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { (members[key.stringValue] ?? .null).isNull }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decodeNested(type, try member(key), codingPath + [key])
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = members[key.stringValue], !value.isNull else { return nil }
        return try decodeNested(type, value, codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try ValueDecoder(value: try member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: try member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { ValueDecoder(value: .object(members), codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct UnkeyedValueDecoder: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next() throws -> (JSONValue, [any CodingKey]) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(JSONValue.self, .init(codingPath: codingPath, debugDescription: "array ended"))
        }
        defer { currentIndex += 1 }
        return (items[currentIndex], codingPath + [IndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try next()
        return try decodeNested(type, value, path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, path) = try next()
        return try ValueDecoder(value: value, codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, path) = try next()
        return try ValueDecoder(value: value, codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, path) = try next()
        return ValueDecoder(value: value, codingPath: path)
    }
}

private struct SingleValueDecoder: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try primitive(value, type, codingPath) }
    func decode(_ type: String.Type) throws -> String { try primitive(value, type, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try primitive(value, type, codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try primitive(value, type, codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeNested(type, value, codingPath) }
}

extension JSONValue {
    /// This value as a message type; errors name the member at fault.
    public func decode<T: Decodable>(as type: T.Type) throws(WireDecodingError) -> T {
        try JSONValueDecoder().decode(type, from: self)
    }

    /// The JSON value of any encodable message.
    public init<T: Encodable>(encoding value: T) {
        // Encoding into JSONValue fails only for values JSON cannot hold (non-finite numbers are kept as they
        // are): the message types of the protocol never throw.
        self = (try? JSONValueEncoder().encode(value)) ?? .null
    }
}
