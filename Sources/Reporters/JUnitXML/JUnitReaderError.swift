/// Why a JUnit report could not be read. Positions are libxml2's (1-based); the description starts with
/// `path:line:column:` (or `path:line:`, or `path:`) so editors and CI logs link to the spot.
public enum JUnitReaderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path does not exist or cannot be read.
    case unreadable(path: String, reason: String)
    /// The file is not well-formed XML.
    case malformed(path: String, line: Int, column: Int, reason: String)
    /// The XML is well-formed but its root is neither `<testsuites>` nor `<testsuite>`.
    case notJUnit(path: String, line: Int, root: String)
    /// A number attribute (`time`, `line`) holds something that is not a number.
    case invalidNumber(path: String, line: Int, element: String, attribute: String, value: String)
    /// A directory holds no `TEST-*.xml` report file.
    case emptyDirectory(path: String)
    /// The report declares a DOCTYPE (see ``JUnitReader``).
    case doctype(path: String, line: Int)
    /// Elements nest deeper than ``JUnitReader/depthLimit``.
    case tooDeep(path: String, line: Int, limit: Int)
    /// The report (a file, or a directory's files together) is larger than `limit` bytes.
    case tooLarge(path: String, limit: Int)

    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            return "\(path): cannot read the report: \(reason)"
        case let .malformed(path, line, column, reason):
            return "\(Self.position(path, line, column)): not well-formed XML: \(reason); is the file complete and a JUnit report?"
        case let .notJUnit(path, line, root):
            return "\(Self.position(path, line, 0)): the root element is <\(root)>, not <testsuites> or <testsuite>; this is not a JUnit report"
        case let .invalidNumber(path, line, element, attribute, value):
            return "\(Self.position(path, line, 0)): <\(element) \(attribute)=\"\(value)\"> is not a number"
        case let .emptyDirectory(path):
            return "\(path): the directory holds no TEST-*.xml report files (the layout --junit-dir writes)"
        case let .doctype(path, line):
            return "\(Self.position(path, line, 0)): the report declares a DOCTYPE, which JUnit reports never have; "
                + "refused, because its entities could expand without bound or read other files"
        case let .tooDeep(path, line, limit):
            return "\(Self.position(path, line, 0)): elements nest more than \(limit) deep, which no JUnit report needs; refused"
        case let .tooLarge(path, limit):
            let size = limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
            return "\(path): the report is larger than \(size), the most merge and compare read"
        }
    }

    private static func position(_ path: String, _ line: Int, _ column: Int) -> String {
        guard line > 0 else { return path }
        return column > 0 ? "\(path):\(line):\(column)" : "\(path):\(line)"
    }
}
