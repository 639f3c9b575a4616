import Foundation
@testable import AdapterTransports
import Testing

@Suite struct LineSplitterTests {
    @Test func splitsAcrossChunks() {
        var splitter = LineSplitter(limit: 100)
        var pieces = splitter.feed(Data("{\"a\":1}\n{\"b\"".utf8))
        pieces += splitter.feed(Data(":2}\r\n".utf8))
        #expect(pieces == [.line(Data("{\"a\":1}".utf8)), .line(Data("{\"b\":2}".utf8))])
    }

    @Test func overlongLineIsReportedAsSoonAsItCrossesTheLimitWithoutBufferingIt() {
        var splitter = LineSplitter(limit: 16)
        var pieces = splitter.feed(Data(repeating: 0x41, count: 1000))
        // Reported at once, although no newline has come (and may never come).
        #expect(pieces.count == 1)
        guard case .overlong(let prefix, let length)? = pieces.first else {
            Issue.record("expected an overlong piece, got \(pieces)")
            return
        }
        #expect(prefix.count == 200)
        #expect(length == 1000)
        for _ in 0..<999 { pieces += splitter.feed(Data(repeating: 0x41, count: 1000)) }
        pieces += splitter.feed(Data("\nok\n".utf8))
        #expect(pieces.count == 2, "the rest of the long line is dropped silently")
        #expect(pieces.last == .line(Data("ok".utf8)))
        #expect(splitter.finish().isEmpty)
    }
}
