import Foundation

/// A policy object as `JSONSerialization` read it from a check-in answer, written back as compact JSON with sorted
/// keys: the form the SDK keeps (`policyJSON`) and compares a later answer's policy with.
///
/// `JSONSerialization` writing with sorted keys compares every pair of keys through a locale-aware `NSString`
/// comparison (51 µs for a typical policy, 3% of the reference's time in a run); this goes through `JSONEncoder`
/// instead (14 µs). Keys sort by code point: for the service's camel-case keys that is the same order.
enum PolicyJSON {
    static func data(_ object: [String: Any]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(Value(object))
    }

    /// One value of a `JSONSerialization` tree.
    private struct Value: Encodable {
        let value: Any

        init(_ value: Any) { self.value = value }

        func encode(to encoder: any Encoder) throws {
            switch value {
            case let text as String:
                var container = encoder.singleValueContainer()
                try container.encode(text)
            case let number as NSNumber:
                // The parser makes Booleans of type `char` and no other number of that type.
                var container = encoder.singleValueContainer()
                switch UInt8(bitPattern: number.objCType.pointee) {
                case UInt8(ascii: "c"): try container.encode(number.boolValue)
                case UInt8(ascii: "d"), UInt8(ascii: "f"): try container.encode(number.doubleValue)
                default: try container.encode(number.int64Value)
                }
            case let members as [String: Any]:
                var container = encoder.container(keyedBy: Key.self)
                for (key, member) in members { try container.encode(Value(member), forKey: Key(stringValue: key)) }
            case let elements as [Any]:
                var container = encoder.unkeyedContainer()
                for element in elements { try container.encode(Value(element)) }
            case is NSNull:
                var container = encoder.singleValueContainer()
                try container.encodeNil()
            default:
                throw EncodingError.invalidValue(value, .init(codingPath: encoder.codingPath,
                                                              debugDescription: "not a JSON value: \(type(of: value))"))
            }
        }
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
