/// Lines of text held as one string and the offsets where each ends: a finished case keeps its transcript
/// until the report is written, and one allocation per case instead of one per line is what lets a run of
/// 10,000 cases stay small. Converts to and from `[String]` exactly (a line may hold a newline).
///
/// Once the case is judged its text can move to the run's ``TranscriptSpill`` (``spill(to:)``); only the offsets stay
/// in memory, and ``lines`` reads the text back.
public struct CompactLines: Sendable, Hashable {
    private enum Text: Sendable {
        case inMemory(String)
        case spilled(TranscriptSpill, TranscriptSpill.Extent)
    }

    private var text: Text
    /// UTF-8 offset where each line ends, in order.
    private var ends: [UInt32]

    public init(_ lines: [String]) {
        var text = ""
        text.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count })
        var ends: [UInt32] = []
        ends.reserveCapacity(lines.count)
        for line in lines {
            text += line
            ends.append(UInt32(text.utf8.count))
        }
        self.text = .inMemory(text)
        self.ends = ends
    }

    public var count: Int { ends.count }

    /// Whether the text is in the spill file rather than in memory.
    public var isSpilled: Bool {
        if case .spilled = text { return true }
        return false
    }

    /// Moves the text to `spill`; it stays in memory when the spill cannot take it.
    public mutating func spill(to spill: TranscriptSpill) {
        guard case .inMemory(let content) = text, !content.isEmpty, let extent = spill.store(content) else { return }
        text = .spilled(spill, extent)
    }

    public var lines: [String] {
        let content: String
        switch text {
        case .inMemory(let held): content = held
        case .spilled(let spill, let extent):
            switch spill.load(extent) {
            case .success(let loaded): content = loaded
            case .failure(let error): return ["[transcript lost: the scratch file holding it could not be read: \(error)]"]
            }
        }
        guard content.utf8.count == Int(ends.last ?? 0) else {
            return ["[transcript lost: the scratch file returned \(content.utf8.count) bytes, not \(ends.last ?? 0)]"]
        }
        var result: [String] = []
        result.reserveCapacity(ends.count)
        let utf8 = content.utf8
        var start = utf8.startIndex
        for end in ends {
            let stop = utf8.index(utf8.startIndex, offsetBy: Int(end))
            result.append(String(content[start..<stop]))
            start = stop
        }
        return result
    }

    public static func == (lhs: CompactLines, rhs: CompactLines) -> Bool {
        lhs.ends == rhs.ends && lhs.lines == rhs.lines
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(lines)
    }
}
