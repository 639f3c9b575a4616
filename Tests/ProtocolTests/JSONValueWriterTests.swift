import Foundation
import Testing

@testable import AdapterProtocol

/// The direct JSON writer says exactly what `JSONEncoder` (sorted keys, slashes unescaped) says for the same value:
/// transcripts, golden files and wire captures do not change with the faster path.
@Suite struct JSONValueWriterTests {
    /// A deterministic generator, so a failure names a reproducible value.
    struct Generator {
        var source: SplitMix64
        init(state: UInt64) { source = SplitMix64(seed: state) }
        mutating func next() -> UInt64 { source.next() }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    static let interestingScalars: [String] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{08}", "\u{0C}",
                                               "\u{00}", "\u{01}", "\u{1F}", "\u{7F}", "é", "ß", "€", "𝄞", "日", "\u{2028}", "<", ">", "&"]
    static let interestingNumbers: [Double] = [0, -0.0, 1, -1, 0.5, -2.25, 1e-7, 3.141592653589793, 1e15, 8.999e15, 9e15, 1e21,
                                               -1e300, 123456789.125, 0.1, 2.5e-308, Double(Int64.max), 4503599627370497]

    static func value(_ generator: inout Generator, depth: Int) -> JSONValue {
        switch generator.below(depth > 3 ? 4 : 6) {
        case 0: return .null
        case 1: return .bool(generator.below(2) == 0)
        case 2:
            return .number(generator.below(2) == 0 ? interestingNumbers[generator.below(interestingNumbers.count)]
                                                    : Double(Int64(bitPattern: generator.next()) % 100_000) / 8)
        case 3: return .string(text(&generator))
        case 4: return .array((0..<generator.below(5)).map { _ in value(&generator, depth: depth + 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<generator.below(6) { members[text(&generator)] = value(&generator, depth: depth + 1) }
            return .object(members)
        }
    }

    static func text(_ generator: inout Generator) -> String {
        (0..<generator.below(8)).map { _ in interestingScalars[generator.below(interestingScalars.count)] }.joined()
    }

    @Test("5,000 generated values serialise byte for byte as JSONEncoder serialises them")
    func matchesJSONEncoder() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var generator = Generator(state: 20261125)
        for index in 0..<5000 {
            let value = Self.value(&generator, depth: 0)
            let expected = try encoder.encode(value)
            let written = value.serialized()
            #expect(written == expected, "value #\(index): \(String(decoding: written, as: UTF8.self)) vs \(String(decoding: expected, as: UTF8.self))")
            if written != expected { return }
            #expect(try JSONValue.parse(written) == JSONValue.parse(expected))
        }
    }

    @Test("a number JSON cannot hold makes the whole value null, as JSONEncoder's refusal did")
    func nonFiniteNumbers() {
        #expect(JSONValue.array([.number(1), .number(.nan)]).serialized() == Data("null".utf8))
        #expect(JSONValue.object(["x": .number(.infinity)]).serialized() == Data("null".utf8))
    }
}
