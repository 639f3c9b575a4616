import Foundation

/// Splits a byte stream into lines without ever holding more than `limit` bytes of one line.
///
/// An integration that writes an endless line must cost the harness a bounded amount of memory: once a
/// line passes the limit, its first bytes are kept for the diagnostic and the rest is discarded up to
/// the next newline.
struct LineSplitter {
    enum Piece: Equatable {
        case line(Data)
        /// A line over the limit: its first bytes and its total length so far when it was given up.
        case overlong(prefix: Data, length: Int)
    }

    let limit: Int
    private var buffer = Data()
    private var discarding = false
    private var discardedPrefix = Data()
    private var discardedLength = 0

    init(limit: Int) {
        self.limit = limit
    }

    mutating func feed(_ chunk: Data) -> [Piece] {
        var pieces: [Piece] = []
        var rest = chunk[...]
        while !rest.isEmpty {
            if let newline = rest.firstIndex(of: 0x0A) {
                let part = rest[rest.startIndex..<newline]
                rest = rest[rest.index(after: newline)...]
                if discarding {
                    // Reported when it crossed the limit; its end only ends the discarding.
                    discarding = false
                    discardedPrefix = Data()
                    discardedLength = 0
                } else if buffer.count + part.count > limit {
                    let whole = buffer + part
                    buffer = Data()
                    pieces.append(.overlong(prefix: whole.prefix(200), length: whole.count))
                } else {
                    var line = buffer + part
                    buffer = Data()
                    if line.last == 0x0D { line.removeLast() }
                    pieces.append(.line(line))
                }
            } else {
                if discarding {
                    discardedLength += rest.count
                } else if buffer.count + rest.count > limit {
                    // Reported now, not when (or if) its newline comes: a line that never ends must not
                    // go unnoticed.
                    let whole = buffer + rest
                    discarding = true
                    discardedPrefix = Data(whole.prefix(200))
                    discardedLength = whole.count
                    buffer = Data()
                    pieces.append(.overlong(prefix: discardedPrefix, length: discardedLength))
                } else {
                    buffer.append(contentsOf: rest)
                }
                rest = rest[rest.endIndex...]
            }
        }
        return pieces
    }

    /// What is left at end of stream: an unterminated last line.
    mutating func finish() -> [Piece] {
        defer { buffer = Data(); discarding = false }
        if discarding { return [] }
        return buffer.isEmpty ? [] : [.line(buffer)]
    }
}
