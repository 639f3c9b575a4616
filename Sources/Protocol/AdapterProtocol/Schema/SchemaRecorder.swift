import Foundation
import Locking

extension WireSchema {
    /// The wire shape of a message type, read off its `Decodable` conformance: the members it decodes with
    /// `decode` are required, those it decodes with `decodeIfPresent` are optional and may be null.
    ///
    /// Deriving schemas from the types (instead of writing them by hand) is what keeps the JSON Schemas,
    /// the validator and the Swift code from drifting apart.
    public static func of<T: Decodable>(_ type: T.Type) -> WireSchema {
        let key = ObjectIdentifier(type)
        if let known = SchemaCache.shared.read({ $0[key] }) { return known }
        let schema = (try? SchemaRecorder.record(type).schema) ?? .any
        SchemaCache.shared.withLock { $0[key] = schema }
        return schema
    }
}

/// Schemas already recorded: matching looks a schema up for every event it compares.
enum SchemaCache {
    static let shared = Locked<[ObjectIdentifier: WireSchema]>([:])
}

/// A `Decoder` that answers every request with a placeholder and writes down what was asked for.
final class SchemaRecorder: Decoder {
    enum Shape {
        case none
        case keyed([WireProperty])
        case unkeyed(WireSchema?)
        case single(WireSchema?)
    }

    var shape = Shape.none
    let codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// A type's name as `String(describing:)` spells it (`Inner`, `Optional<Inner>`), read from the runtime directly:
    /// `String(describing:)` first asks whether the metatype describes itself, and those casts were most of the cost
    /// of recording every message type once (``ProtocolWarmUp``).
    static func typeName(_ type: Any.Type) -> String { _typeName(type, qualified: false) }

    /// The schema of `type` and a placeholder value of it.
    static func record<T: Decodable>(_ type: T.Type) throws -> (schema: WireSchema, value: T) {
        if let provider = type as? any WireSchemaProviding.Type {
            return (provider.wireSchema, provider.schemaPlaceholder as! T)
        }
        switch type {
        case is String.Type: return (.string, "" as! T)
        case is Bool.Type: return (.bool, false as! T)
        case is Int.Type: return (.integer, 0 as! T)
        case is Int64.Type: return (.integer, Int64(0) as! T)
        case is Double.Type: return (.number, 0.0 as! T)
        default: break
        }
        let recorder = SchemaRecorder()
        let value = try T(from: recorder)
        switch recorder.shape {
        case .keyed(let properties):
            return (.object(name: typeName(T.self), properties: properties), value)
        case .unkeyed(let item):
            return (.array(item ?? .any), value)
        case .single(let schema):
            return (schema ?? .any, value)
        case .none:
            // A type that decodes nothing (`Empty`) is an object without members.
            return (.object(name: typeName(T.self), properties: []), value)
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if case .keyed = shape {} else { shape = .keyed([]) }
        return KeyedDecodingContainer(KeyedRecorder<Key>(recorder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        shape = .unkeyed(nil)
        return UnkeyedRecorder(recorder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        shape = .single(nil)
        return SingleRecorder(recorder: self)
    }

    func add(_ property: WireProperty) {
        guard case .keyed(var properties) = shape else { return }
        properties.removeAll { $0.name == property.name }
        properties.append(property)
        shape = .keyed(properties)
    }
}

private struct KeyedRecorder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let recorder: SchemaRecorder
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let (schema, value) = try SchemaRecorder.record(type)
        recorder.add(WireProperty(name: key.stringValue, schema: schema, required: true, nullable: false))
        return value
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let (schema, value) = try SchemaRecorder.record(type)
        recorder.add(WireProperty(name: key.stringValue, schema: schema, required: false, nullable: true))
        return value
    }

    // The standard library's defaults for these overloads go through `decode`, which would record the
    // member as required: optional primitives must be recorded here.
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeIfPresent(type, key) }

    private func decodeIfPresent<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        let (schema, value) = try SchemaRecorder.record(type)
        recorder.add(WireProperty(name: key.stringValue, schema: schema, required: false, nullable: true))
        return value
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let nested = SchemaRecorder()
        let container = try nested.container(keyedBy: type)
        recorder.add(WireProperty(name: key.stringValue, schema: .object(name: key.stringValue, properties: []), required: true, nullable: false))
        return container
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        recorder.add(WireProperty(name: key.stringValue, schema: .array(.any), required: true, nullable: false))
        return try SchemaRecorder().unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { recorder }
    func superDecoder(forKey key: Key) throws -> any Decoder { SchemaRecorder() }
}

private struct UnkeyedRecorder: UnkeyedDecodingContainer {
    let recorder: SchemaRecorder
    var codingPath: [any CodingKey] { [] }
    var count: Int? { 1 }
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex > 0 }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        currentIndex += 1
        let (schema, value) = try SchemaRecorder.record(type)
        recorder.shape = .unkeyed(schema)
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        currentIndex += 1
        return try SchemaRecorder().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        currentIndex += 1
        return try SchemaRecorder().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { SchemaRecorder() }
}

private struct SingleRecorder: SingleValueDecodingContainer {
    let recorder: SchemaRecorder
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { false }
    func decode(_ type: Bool.Type) throws -> Bool { recorder.shape = .single(.bool); return false }
    func decode(_ type: String.Type) throws -> String { recorder.shape = .single(.string); return "" }
    func decode(_ type: Double.Type) throws -> Double { recorder.shape = .single(.number); return 0 }
    func decode(_ type: Int.Type) throws -> Int { recorder.shape = .single(.integer); return 0 }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (schema, value) = try SchemaRecorder.record(type)
        recorder.shape = .single(schema)
        return value
    }
}
