import AdapterProtocol
import Foundation

/// How much of an answer the Graph client reads: bytes (enforced by libcurl, which aborts the transfer past them),
/// then JSON nesting depth and number of values, checked before the answer is parsed.
///
/// A hostile or broken endpoint (or a proxy rewriting pages) must not exhaust the machine: a JSON tree costs many
/// times its text in memory, and deep nesting costs stack. Graph's own answers are far inside these limits (a page
/// of at most 999 objects a few levels deep).
struct GraphAnswerLimits: Sendable {
    /// The largest answer body read, in bytes.
    var maximumBytes = 8 << 20
    /// The deepest nesting of arrays and objects accepted.
    var maximumDepth = 64
    /// The most values (scalars, arrays and objects) accepted in one answer.
    var maximumValues = 250_000

    /// Why an answer was not parsed.
    struct Exceeded: Error, CustomStringConvertible {
        let description: String
    }

    /// Parses `body` once it is known to be within the depth and value limits.
    func parse(_ body: Data) throws -> JSONValue {
        try check(body)
        return try JSONValue.parse(body)
    }

    /// One pass over the text, counting nesting and values outside strings; malformed JSON is left to the parser.
    func check(_ body: Data) throws(Exceeded) {
        guard body.count <= maximumBytes else {
            throw Exceeded(description: "the answer has \(body.count) bytes, more than the \(maximumBytes)-byte limit")
        }
        var depth = 0
        // Every value but the first is announced by the bracket that opens its container or the comma before it.
        var values = 1
        var inString = false
        var escaped = false
        for byte in body {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                values += 1
                guard depth <= maximumDepth else {
                    throw Exceeded(description: "the answer's JSON nests deeper than \(maximumDepth) levels")
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
            case UInt8(ascii: ","):
                values += 1
            default:
                continue
            }
            guard values <= maximumValues else {
                throw Exceeded(description: "the answer's JSON has more than \(maximumValues) values")
            }
        }
    }
}
