import Foundation
import Testing

@testable import AdapterProtocol

/// `JSONValue.parse` (through `JSONSerialization`) answers what `Decodable` answers for the same text: the same value,
/// or a refusal where it refused. Protocol lines, HTTP bodies and suite values all go through it.
@Suite struct JSONValueParseTests {
    /// What the `Decodable` conformance reads, the answer the faster path must keep.
    static func decoded(_ text: String) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    @Test("5,000 generated values read back as themselves, and as Decodable reads them")
    func generatedValuesRoundTrip() throws {
        var generator = JSONValueWriterTests.Generator(state: 20261205)
        for index in 0..<5000 {
            let value = JSONValueWriterTests.value(&generator, depth: 0)
            let text = value.compactText
            let parsed = try JSONValue.parse(text)
            #expect(parsed == value, "value #\(index): \(text) read as \(parsed)")
            #expect(parsed == Self.decoded(text), "value #\(index): \(text)")
            if parsed != value { return }
        }
    }

    @Test("Booleans stay Booleans and numbers stay numbers, 0 and 1 included", arguments: [
        ("true", JSONValue.bool(true)), ("false", .bool(false)), ("1", .number(1)), ("0", .number(0)),
        ("-0", .number(-0.0)), ("1.5", .number(1.5)), ("-2.25e3", .number(-2250)), ("1E2", .number(100)),
        ("12345678901234567890", .number(12345678901234567168)), ("-9007199254740993", .number(-9007199254740992)),
        ("[true,1,false,0,\"1\",null]", .array([.bool(true), .number(1), .bool(false), .number(0), .string("1"), .null])),
        ("{\"on\":true,\"n\":1,\"s\":\"true\"}", .object(["on": .bool(true), "n": .number(1), "s": .string("true")])),
        ("\"\\u00e9\\ud834\\udd1e\\n\"", .string("é𝄞\n")), (" null ", .null), ("{}", .object([:])), ("[]", .array([])),
    ])
    func scalarsKeepTheirType(text: String, expected: JSONValue) throws {
        #expect(try JSONValue.parse(text) == expected)
        #expect(Self.decoded(text) == expected)
    }

    @Test("what is not one JSON text is refused, as Decodable refuses it", arguments: [
        "", " ", "[", "]", "{\"a\"}", "{\"a\":}", "nul", "tru", "01", "1.", ".5", "+1", "[,]", "{,}", "'x'",
        "\"unterminated", "[1] [2]", "{} x", "NaN", "Infinity", "\"\\x\"", "\u{FEFF}\u{FEFF}{}",
    ])
    func malformedTextIsRefused(text: String) {
        #expect(throws: (any Error).self) { try JSONValue.parse(text) }
        #expect(Self.decoded(text) == nil, "Decodable took \(text.debugDescription)")
    }

    /// Foundation's parser forgives one trailing comma, through either path; the runner's reading did not change.
    @Test("a trailing comma reads the same through both paths", arguments: [
        ("[1,]", JSONValue.array([.number(1)])), ("{\"a\":1,}", .object(["a": .number(1)])),
    ])
    func trailingCommaReadsAlike(text: String, expected: JSONValue) throws {
        #expect(try JSONValue.parse(text) == expected)
        #expect(Self.decoded(text) == expected)
    }

    @Test("nesting far past any protocol line is refused, not followed until the stack runs out")
    func deepNestingIsRefused() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: (any Error).self) { try JSONValue.parse(deep) }
    }
}
