import ConformanceCore
import Foundation
@testable import MamconfCLI
@testable import RunReporters
import Synchronization
import Testing

/// The live progress line fits the terminal, counted in display columns, so rewriting it in place never leaves
/// fragments of earlier lines behind.
@Suite struct ConsoleProgressTests {
    @Test(arguments: [
        (80, "policy-queries/save-to-local-drive-is-blocked-for-the-managed-account-but-allowed-for-the-personal-one"),
        (60, "identity-switch/an-unmanaged-account-switch-is-allowed-without-any-wipe-of-the-managed-data"),
        (40, "ケース/管理対象アカウントへの切り替えは許可される"),
        (24, "emoji/👩‍💻-switches-🔐-accounts-and-the-line-still-fits"),
        (12, "a/b"),
    ])
    func aRunLeavesOnlyItsOwnLinesOnAnyTerminalWidth(width: Int, name: String) async throws {
        let terminal = FakeTerminal(width: width)
        let console = ConsoleReporter(
            redactor: Redactor(), style: ConsoleStyle(colors: true, liveProgress: true, width: { width }),
            output: { terminal.feed($0 + "\n") }, progress: { terminal.feed($0) })
        let parts = name.split(separator: "/", maxSplits: 1).map(String.init)
        let failure = CaseFailure(message: "expected status enrolled", location: SourceLocation(file: "Suites/s.yaml", line: 9, column: 5))
        var results: [CaseResult] = []
        await console.runStarted(plannedCases: 12)
        for index in 0..<12 {
            let id = "\(parts[1])-\(index)"
            let row = terminal.cursorRow
            await console.caseStarted(suiteId: parts[0], caseId: id)
            #expect(terminal.cursorRow == row, "the progress line of \(id) wrapped onto another row")
            let result = CaseResult(suiteId: parts[0], caseId: id, title: "", requirements: [], location: failure.location,
                                    outcome: index % 3 == 0 ? .failed(failure) : .passed, duration: .milliseconds(100), transcript: [])
            results.append(result)
            await console.caseFinished(result)
        }
        try await console.runFinished(RunResult(
            suites: [SuiteResult(suiteId: parts[0], title: "", requirements: [], started: Date(), duration: .zero, cases: results)],
            integration: nil, backend: "mock", harnessVersion: "test"))
        let printed = terminal.printedLines
        #expect(terminal.lines == printed.flatMap { terminal.rows(of: $0) }, "fragments of progress lines are left on the screen")
    }

    @Test(arguments: [("abc", 3), ("ケース", 6), ("e\u{301}", 1), ("👩‍💻", 2), ("\u{1B}[2mdim\u{1B}[0m", 3)])
    func displayWidthCountsColumnsNotCharacters(text: String, columns: Int) {
        #expect(TerminalText.columns(of: text) == columns)
    }

    @Test(arguments: [("abcdef", 4, "abc…"), ("ケースです", 5, "ケー…"), ("ab", 4, "ab"), ("abcd", 4, "abcd")])
    func aLineIsCutToTheColumnsItMayTake(text: String, limit: Int, cut: String) {
        #expect(TerminalText.cut(text, toColumns: limit) == cut)
    }
}

/// Enough of a VT100 screen to replay the console: printable characters (East Asian wide ones and emoji take two
/// columns) with the last column's pending wrap, carriage return, newline, erase to end of line (`ESC [ K`) and
/// colour codes (ignored).
final class FakeTerminal: Sendable {
    let width: Int
    private struct Screen {
        var rows: [[String]] = [[]]
        var row = 0
        var column = 0
        var pendingWrap = false
        var printed = ""
    }
    private let screen = Mutex(Screen())

    init(width: Int) { self.width = width }

    func feed(_ text: String) {
        screen.withLock { screen in
            screen.printed += text
            let characters = Array(text)
            var index = 0
            while index < characters.count {
                let character = characters[index]
                index += 1
                switch character {
                case "\r": screen.column = 0; screen.pendingWrap = false
                case "\n", "\r\n":
                    screen.row += 1; screen.column = 0; screen.pendingWrap = false
                    if screen.rows.count <= screen.row { screen.rows.append([]) }
                case "\u{1B}":
                    // CSI: ESC [ parameters final-byte.
                    guard index < characters.count, characters[index] == "[" else { continue }
                    index += 1
                    while index < characters.count, !(characters[index].asciiValue.map { (0x40...0x7E).contains($0) } ?? false) { index += 1 }
                    guard index < characters.count else { continue }
                    let final = characters[index]
                    index += 1
                    if final == "K" {
                        screen.rows[screen.row] = Array(screen.rows[screen.row].prefix(screen.column))
                        screen.pendingWrap = false
                    }
                default:
                    let columns = Self.columns(character)
                    guard columns > 0 else { continue }
                    if screen.pendingWrap || screen.column + columns > width {
                        screen.row += 1; screen.column = 0; screen.pendingWrap = false
                        if screen.rows.count <= screen.row { screen.rows.append([]) }
                    }
                    var cells = screen.rows[screen.row]
                    while cells.count < screen.column + columns { cells.append(" ") }
                    cells[screen.column] = String(character)
                    if columns == 2 { cells[screen.column + 1] = "" }
                    screen.rows[screen.row] = cells
                    screen.column += columns
                    if screen.column >= width { screen.column = width - 1; screen.pendingWrap = true }
                }
            }
        }
    }

    /// The screen's rows, trailing blanks and the empty row under the cursor dropped.
    var lines: [String] {
        screen.withLock { screen in
            var rows = screen.rows.map { $0.joined().replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
            while rows.last == "" { rows.removeLast() }
            return rows
        }
    }

    var cursorRow: Int { screen.withLock { $0.row } }

    /// Every whole line written (ending in a newline), escape codes removed.
    var printedLines: [String] {
        let text = screen.withLock { $0.printed }
        return text.components(separatedBy: "\n").dropLast().map { line in
            let plain = line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*[A-Za-z]", with: "", options: .regularExpression)
            return String(plain.split(separator: "\r", omittingEmptySubsequences: false).last ?? "")
        }
    }

    /// The screen rows a line of text takes.
    func rows(of line: String) -> [String] {
        var rows: [String] = [""]
        var used = 0
        for character in line {
            let columns = Self.columns(character)
            if used + columns > width { rows.append(""); used = 0 }
            rows[rows.count - 1].append(character)
            used += columns
        }
        return rows.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
    }

    /// Columns of one character as a terminal draws it.
    static func columns(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.value < 0x20 { return 0 }
        if character.unicodeScalars.count > 1 && character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation }) { return 2 }
        if first.properties.isEmojiPresentation { return 2 }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
