import AdapterProtocol
import Foundation

/// The mock keeps Graph objects as JSON trees (a policy may carry any of dozens of settings), in the
/// protocol's one JSON type; these are the few things its HTTP faces need on top.
extension JSONValue {
    /// Why a body could not be read as JSON.
    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    /// Parses a request body (UTF-8 JSON text).
    static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSONValue {
        guard !bytes.isEmpty else { throw ParseError(description: "the body is empty") }
        do {
            return try JSONValue.parse(Data(bytes))
        } catch {
            throw ParseError(description: "the body is not valid JSON")
        }
    }

    /// A short name of the value's kind, for error messages.
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// A string, or `null` when there is none.
    static func optional(_ value: String?) -> JSONValue {
        value.map(JSONValue.string) ?? .null
    }
}
