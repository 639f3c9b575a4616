import Foundation
import JUnitXML

/// Documents used by the JUnit tests.
enum JUnitFixtures {
    /// Every kind of text libxml2 gets wrong on its own: C0 controls, ESC, NUL (with text after it),
    /// `]]>`, markup characters, TAB, CR, CRLF, U+FFFE, and non-ASCII up to emoji.
    static let nasty = "ctl\u{01}esc\u{1B}[31m nul\u{0}after cdata]]>end <tag a=\"1\" b='2'>&amp; "
        + "tab\there cr\ronly crlf\r\nlf\nemoji😀 é 日本 bad\u{FFFE}\u{FFFF}."

    /// `nasty` as it must read after a parser has unescaped the output.
    static let nastySanitized = "ctl#x01esc#x1B[31m nul#x00after cdata]]>end <tag a=\"1\" b='2'>&amp; "
        + "tab\there cr\ronly crlf\r\nlf\nemoji😀 é 日本 bad#xFFFE#xFFFF."

    /// Captured output that is not valid UTF-8: a stray 0xFF, a truncated two-byte sequence before `(`,
    /// a NUL, a valid euro sign, and a truncated three-byte sequence at the end.
    static let invalidUTF8 = Data([0x6F, 0x6B, 0xFF, 0xC3, 0x28, 0x00, 0xE2, 0x82, 0xAC, 0x20, 0xE2, 0x82])
    static let invalidUTF8Sanitized = "ok#xFF#xC3(#x00€ #xE2#x82"

    static let timestamp = Date(timeIntervalSince1970: 1_795_313_011) // 2026-11-22T02:03:31Z

    static func document() -> JUnitDocument {
        JUnitDocument(name: "mamconf \(nasty)", suites: [
            JUnitSuite(name: "policy \(nasty)", timestamp: timestamp, time: 1.23456,
                       properties: [JUnitProperty(name: "seed", value: "42"),
                                    JUnitProperty(name: "note", value: nasty)],
                       cases: [
                           JUnitCase(classname: "policy.wipe", name: "REQ-1 passes", time: 0.5,
                                     systemOut: "[[PROPERTY|req=REQ-1]]\n" + nasty),
                           JUnitCase(classname: "policy.wipe", name: "REQ-2 \(nasty)", time: 0.25,
                                     outcome: .failure(message: nasty, type: "assertion", details: nasty),
                                     systemOut: JUnitWriter.sanitize(bytes: invalidUTF8), systemErr: nasty),
                           JUnitCase(classname: "policy.wipe", name: "REQ-3 errors", time: 0.0004,
                                     outcome: .error(message: "adapter died", type: "adapter", details: nasty)),
                           JUnitCase(classname: "policy.wipe", name: "REQ-4 skipped", time: -1,
                                     outcome: .skipped(message: nasty)),
                       ]),
            JUnitSuite(name: "empty properties", timestamp: timestamp, time: 2,
                       cases: [JUnitCase(classname: "c", name: "only", time: 2)]),
        ])
    }
}
