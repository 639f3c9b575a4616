import Foundation
@testable import StdioAdapter
import Testing

@Suite struct LineSplitterTests {
    @Test func splitsAcrossChunks() {
        var splitter = LineSplitter(limit: 100)
        var pieces = splitter.feed(Data("{\"a\":1}\n{\"b\"".utf8))
        pieces += splitter.feed(Data(":2}\r\n".utf8))
        #expect(pieces == [.line(Data("{\"a\":1}".utf8)), .line(Data("{\"b\":2}".utf8))])
    }

    @Test func overlongLineIsReportedWithoutBufferingIt() {
        var splitter = LineSplitter(limit: 16)
        var pieces: [LineSplitter.Piece] = []
        for _ in 0..<1000 { pieces += splitter.feed(Data(repeating: 0x41, count: 1000)) }
        pieces += splitter.feed(Data("\nok\n".utf8))
        #expect(pieces.count == 2)
        guard case .overlong(let prefix, let length) = pieces[0] else {
            Issue.record("expected an overlong piece, got \(pieces[0])")
            return
        }
        #expect(prefix.count == 200)
        #expect(length == 1_000_000)
        #expect(pieces[1] == .line(Data("ok".utf8)))
    }
}
