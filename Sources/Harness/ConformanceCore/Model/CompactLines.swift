/// Lines of text held as one string and the offsets where each ends: a finished case keeps its transcript
/// until the report is written, and one allocation per case instead of one per line is what lets a run of
/// 10,000 cases stay small. Converts to and from `[String]` exactly (a line may hold a newline).
public struct CompactLines: Sendable, Hashable {
    private var text: String
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
        self.text = text
        self.ends = ends
    }

    public var count: Int { ends.count }

    public var lines: [String] {
        var result: [String] = []
        result.reserveCapacity(ends.count)
        let utf8 = text.utf8
        var start = utf8.startIndex
        for end in ends {
            let stop = utf8.index(utf8.startIndex, offsetBy: Int(end))
            result.append(String(text[start..<stop]))
            start = stop
        }
        return result
    }
}
