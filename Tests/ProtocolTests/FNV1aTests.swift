import AdapterProtocol
import Foundation
import Testing

/// FNV-1a (64-bit) digests: the published test vectors, and the same digest whatever sequence carries the bytes.
@Suite("FNV-1a")
struct FNV1aTests {
    @Test("digests match the published FNV-1a 64-bit test vectors", arguments: [
        ("", "cbf29ce484222325"),
        ("a", "af63dc4c8601ec8c"),
        ("foobar", "85944171f73967e8"),
    ])
    func publishedVectors(text: String, hex: String) {
        var fnv = FNV1a()
        fnv.combine(Array(text.utf8))
        #expect(fnv.hex == hex)
        #expect(FNV1a.hash(text.utf8) == UInt64(hex, radix: 16))
    }

    @Test("contiguous and element-by-element sequences of the same bytes give the same digest")
    func everyCarrierAgrees() {
        let bytes = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let expected = FNV1a.hash(bytes)
        #expect(FNV1a.hash(Data(bytes)) == expected)
        #expect(FNV1a.hash(bytes[...]) == expected)
        #expect(FNV1a.hash(bytes.lazy.map { $0 }) == expected, "a sequence without contiguous storage")
        #expect(FNV1a.hash(AnySequence(bytes)) == expected)
        var split = FNV1a()
        split.combine(bytes[..<400])
        split.combine(AnySequence(bytes[400...]))
        #expect(split.value == expected, "combining in parts continues the same digest")
        #expect(FNV1a.hash(bytes.dropLast()) != expected)
    }
}
