/// How the ``JUnitDialect/ant`` dialect keeps per-case output: Ant's JUnit.xsd allows output only once per
/// suite, so each case's text goes into the suite's `<system-out>` (or `<system-err>`) as a section that starts
/// with a header line naming the case:
///
/// ```
/// ----- policy.wipe / REQ-1 passes -----
/// the case's output
/// ```
///
/// Each section is the header, a newline, the text and a newline, in case order; a case without output has
/// no section (an empty text has one). ``split(_:cases:)`` reverses this exactly, so a report survives the
/// round trip, unless a case's own output contains a line that is the header of a later case of the suite.
enum AntCaseOutput {
    /// The one-line header of a case's section (line breaks in the names become spaces).
    static func header(classname: String, name: String) -> String {
        "----- " + oneLine(classname) + " / " + oneLine(name) + " -----"
    }

    /// The suite-level text for the cases' output (picked by `text`), or nil when no case has any.
    static func join(_ cases: [JUnitCase], _ text: (JUnitCase) -> String?) -> String? {
        var result = ""
        var any = false
        for testCase in cases {
            guard let output = text(testCase) else { continue }
            any = true
            result += header(classname: testCase.classname, name: testCase.name) + "\n" + output + "\n"
        }
        return any ? result : nil
    }

    /// Each case's text from a suite-level output written by ``join(_:_:)`` (same order as `cases`), or nil
    /// when the text is not in that layout (another tool's suite output).
    ///
    /// Names are compared after the writer's sanitising, as a reader sees them.
    static func split(_ text: String, cases: [(classname: String, name: String)]) -> [String?]? {
        guard !text.isEmpty else { return Array(repeating: nil, count: cases.count) }
        // Split on the LF byte, not on the Character "\n": a CR before it would form one "\r\n" Character.
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(Substring($0)) }
        guard lines.last == "" else { return nil }
        lines.removeLast()
        var positions: [String: [Int]] = [:]
        for (index, testCase) in cases.enumerated() {
            positions[header(classname: XMLText.sanitize(testCase.classname), name: XMLText.sanitize(testCase.name)),
                      default: []].append(index)
        }
        var result = [String?](repeating: nil, count: cases.count)
        var current: Int?
        var body: [String] = []
        // Per header, how many of its positions are behind the current case: `current` only grows, so each
        // position is passed once and a report of many cases of one name is still split in linear time.
        var passed: [String: Int] = [:]
        for line in lines {
            if let candidates = positions[line] {
                var skip = passed[line, default: 0]
                while skip < candidates.count && candidates[skip] <= (current ?? -1) { skip += 1 }
                passed[line] = skip
                if skip < candidates.count {
                    if let current { result[current] = body.joined(separator: "\n") }
                    body = []
                    current = candidates[skip]
                    continue
                }
            }
            guard current != nil else { return nil }
            body.append(line)
        }
        if let current { result[current] = body.joined(separator: "\n") }
        return result
    }

    private static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
    }
}
