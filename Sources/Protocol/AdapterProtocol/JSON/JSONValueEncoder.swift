/// Encodes `Encodable` values straight into `JSONValue`, without a round trip through text.
///
/// Unlike Foundation's `JSONEncoder`, an optional property that is nil is written as an explicit `null`:
/// the protocol documents "string or null" results, and a bridge written in another language should see
/// the key either way.
public struct JSONValueEncoder: Sendable {
    public init() {}

    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        if let json = value as? JSONValue { return json }
        let box = EncodingBox()
        try value.encode(to: ValueEncoder(box: box, codingPath: []))
        return box.value ?? .object([:])
    }
}

/// Where one encoded value ends up; nested containers write into their parent's box when they finish.
class EncodingBox {
    var value: JSONValue?
    init(_ value: JSONValue? = nil) { self.value = value }
}

private struct ValueEncoder: Encoder {
    let box: EncodingBox
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if box.value == nil { box.value = .object([:]) }
        return KeyedEncodingContainer(KeyedValueEncoder<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if box.value == nil { box.value = .array([]) }
        return UnkeyedValueEncoder(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueEncoder(box: box, codingPath: codingPath)
    }
}

/// Encodes one nested value and returns it.
private func encodeNested<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> JSONValue {
    if let json = value as? JSONValue { return json }
    let box = EncodingBox()
    try value.encode(to: ValueEncoder(box: box, codingPath: codingPath))
    return box.value ?? .null
}

private struct KeyedValueEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: EncodingBox
    let codingPath: [any CodingKey]

    private func set(_ value: JSONValue, _ key: Key) {
        guard case .object(var members) = box.value else { return }
        members[key.stringValue] = value
        box.value = .object(members)
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(.number(value), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.number(Double(value)), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try encodeNested(value, codingPath: codingPath + [key]), key)
    }

    // Nil optionals are written as explicit nulls (see `JSONValueEncoder`).
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { set(value.map(JSONValue.bool) ?? .null, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { set(value.map(JSONValue.string) ?? .null, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { set(value.map(JSONValue.number) ?? .null, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { set(value.map { .number(Double($0)) } ?? .null, key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        guard let value else { return set(.null, key) }
        try encode(value, forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = EncodingBox(.object([:]))
        let parent = box
        let name = key.stringValue
        return KeyedEncodingContainer(KeyedValueEncoder<NestedKey>(box: child.linked(to: parent, key: name), codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = EncodingBox(.array([]))
        return UnkeyedValueEncoder(box: child.linked(to: box, key: key.stringValue), codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        ValueEncoder(box: EncodingBox().linked(to: box, key: key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedValueEncoder: UnkeyedEncodingContainer {
    let box: EncodingBox
    let codingPath: [any CodingKey]
    var count: Int {
        if case .array(let items) = box.value { return items.count }
        return 0
    }

    private func append(_ value: JSONValue) {
        guard case .array(var items) = box.value else { return }
        items.append(value)
        box.value = .array(items)
    }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(.number(value)) }
    mutating func encode(_ value: Int) throws { append(.number(Double(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        append(try encodeNested(value, codingPath: codingPath + [IndexKey(count)]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let index = count
        append(.object([:]))
        return KeyedEncodingContainer(KeyedValueEncoder<NestedKey>(box: EncodingBox(.object([:])).linked(toArray: box, index: index), codingPath: codingPath + [IndexKey(index)]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let index = count
        append(.array([]))
        return UnkeyedValueEncoder(box: EncodingBox(.array([])).linked(toArray: box, index: index), codingPath: codingPath + [IndexKey(index)])
    }

    mutating func superEncoder() -> any Encoder {
        let index = count
        append(.null)
        return ValueEncoder(box: EncodingBox().linked(toArray: box, index: index), codingPath: codingPath + [IndexKey(index)])
    }
}

private struct SingleValueEncoder: SingleValueEncodingContainer {
    let box: EncodingBox
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { box.value = .null }
    mutating func encode(_ value: Bool) throws { box.value = .bool(value) }
    mutating func encode(_ value: String) throws { box.value = .string(value) }
    mutating func encode(_ value: Double) throws { box.value = .number(value) }
    mutating func encode(_ value: Int) throws { box.value = .number(Double(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { box.value = try encodeNested(value, codingPath: codingPath) }
}

/// A box whose every change is copied into a member of its parent: nested containers outlive the call
/// that made them, so they write through instead of being collected at the end.
private final class LinkedBox: EncodingBox {
    let write: (JSONValue) -> Void
    init(initial: JSONValue?, write: @escaping (JSONValue) -> Void) {
        self.write = write
        super.init(initial)
        if let initial { write(initial) }
    }
    override var value: JSONValue? {
        didSet { if let value { write(value) } }
    }
}

extension EncodingBox {
    fileprivate func linked(to parent: EncodingBox, key: String) -> EncodingBox {
        LinkedBox(initial: value) { value in
            guard case .object(var members) = parent.value else { return }
            members[key] = value
            parent.value = .object(members)
        }
    }

    fileprivate func linked(toArray parent: EncodingBox, index: Int) -> EncodingBox {
        LinkedBox(initial: value) { value in
            guard case .array(var items) = parent.value, items.indices.contains(index) else { return }
            items[index] = value
            parent.value = .array(items)
        }
    }
}

/// The coding key of an array element, for error paths.
struct IndexKey: CodingKey {
    var stringValue: String { "[\(index)]" }
    var intValue: Int? { index }
    let index: Int
    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.index = intValue }
}
