import Foundation
import JUnitXML
import Testing

@Suite("JUnit text sanitising")
struct JUnitSanitizeTests {
    @Test func nonXMLCharactersBecomeVisibleMarkers() {
        #expect(JUnitWriter.sanitize(JUnitFixtures.nasty) == JUnitFixtures.nastySanitized)
        #expect(JUnitWriter.sanitize("a\u{0}b") == "a#x00b")
        #expect(JUnitWriter.sanitize("\u{7F}\u{85}\u{D7FF}\u{E000}\u{10FFFF}") == "\u{7F}\u{85}\u{D7FF}\u{E000}\u{10FFFF}")
        #expect(JUnitWriter.sanitize("plain") == "plain")
    }

    @Test func invalidUTF8BytesAreNamedNotReplaced() {
        #expect(JUnitWriter.sanitize(bytes: JUnitFixtures.invalidUTF8) == JUnitFixtures.invalidUTF8Sanitized)
        // Overlong encoding of "/", an encoded surrogate, and a value above U+10FFFF: all invalid UTF-8.
        #expect(JUnitWriter.sanitize(bytes: Data([0xC0, 0xAF])) == "#xC0#xAF")
        #expect(JUnitWriter.sanitize(bytes: Data([0xED, 0xA0, 0x80])) == "#xED#xA0#x80")
        #expect(JUnitWriter.sanitize(bytes: Data([0xF4, 0x90, 0x80, 0x80])) == "#xF4#x90#x80#x80")
        #expect(JUnitWriter.sanitize(bytes: Data("ünïcødé 😀".utf8)) == "ünïcødé 😀")
        #expect(JUnitWriter.sanitize(bytes: Data()) == "")
        // A slice of a larger Data (non-zero startIndex) decodes the same way.
        let padded = Data([0x41]) + JUnitFixtures.invalidUTF8
        #expect(JUnitWriter.sanitize(bytes: padded.dropFirst()) == JUnitFixtures.invalidUTF8Sanitized)
    }
}
