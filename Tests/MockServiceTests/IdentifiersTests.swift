import Foundation
import Testing
@testable import MockMAMService

/// The mock's secrets and tokens: unguessable and safe in a URL or a header as they are.
@Suite struct IdentifiersTests {
    @Test(arguments: [1, 7, 8, 9, 32, 33])
    func anOpaqueStringIsItsBytesInUnpaddedBase64URL(byteCount: Int) throws {
        let text = Identifiers.opaque(byteCount: byteCount)
        #expect(text.count == (byteCount * 4 + 2) / 3, "\(text)")
        #expect(text.utf8.allSatisfy { $0.isBase64URL }, "\(text)")
        // Padded and translated back, it decodes to exactly `byteCount` bytes.
        let standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        let padded = standard + String(repeating: "=", count: (4 - standard.count % 4) % 4)
        #expect(try #require(Data(base64Encoded: padded)).count == byteCount)
    }

    @Test func opaqueStringsDoNotRepeatAndUseEveryCharacterOfTheAlphabet() {
        let drawn = (0..<2000).map { _ in Identifiers.opaque() }
        #expect(Set(drawn).count == drawn.count)
        // 86,000 characters from 64: a generator that left characters out (or bytes constant) would show here.
        let seen = Set(drawn.joined().utf8)
        #expect(seen.count == 64, "characters seen: \(seen.count)")
    }
}

private extension UInt8 {
    var isBase64URL: Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || self == UInt8(ascii: "-") || self == UInt8(ascii: "_")
    }
}
