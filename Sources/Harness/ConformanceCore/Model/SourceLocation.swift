/// Where something was written in a suite or fixture file, so every message can point a user at it.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form compilers use, so editors and CI annotators can jump to it.
    public var description: String { "\(file):\(line):\(column)" }
    /// `file:line`, as cited in failure messages.
    public var fileAndLine: String { "\(file):\(line)" }
}
