import Foundation

/// How the console may decorate its output: colours and a live progress line only on a terminal, never in a
/// CI log or a pipe, and never when `NO_COLOR` is set (https://no-color.org).
public struct ConsoleStyle: Sendable {
    public var colors: Bool
    /// Rewrite one status line in place (`\r`), for a person watching a terminal.
    public var liveProgress: Bool
    /// The terminal's width in columns, asked each time it is needed (a window can be resized); nil when unknown.
    public var width: @Sendable () -> Int?

    public init(colors: Bool, liveProgress: Bool, width: @escaping @Sendable () -> Int? = { nil }) {
        self.colors = colors
        self.liveProgress = liveProgress
        self.width = width
    }

    public static let plain = ConsoleStyle(colors: false, liveProgress: false)

    /// The style for standard output in this environment.
    public static func detect(environment: [String: String] = ProcessInfo.processInfo.environment, isTerminal: Bool = isatty(STDOUT_FILENO) == 1) -> ConsoleStyle {
        let dumb = environment["TERM"] == "dumb"
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let columns = environment["COLUMNS"].flatMap { Int($0) }
        return ConsoleStyle(colors: isTerminal && !dumb && !noColor, liveProgress: isTerminal && !dumb,
                            width: { terminalColumns() ?? columns })
    }

    /// The columns of the terminal on standard output, or nil when it is not one.
    static func terminalColumns() -> Int? {
        var size = winsize()
        let asked = withUnsafeMutablePointer(to: &size) { ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), $0) }
        return asked == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
    }

    public enum Tint: String, Sendable {
        case green = "32", red = "31", yellow = "33", dim = "2", bold = "1"
    }

    public func paint(_ text: String, _ tint: Tint) -> String {
        colors ? "\u{1B}[\(tint.rawValue)m\(text)\u{1B}[0m" : text
    }
}
