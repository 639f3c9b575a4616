import Foundation
import JUnitXML

/// Reads the reports that `merge` and `compare` take: files or `--junit-dir` directories, in any dialect.
/// An unreadable input ends the command with exit 2 and the reader's `path:line:column:` message.
enum ReportInputs {
    static func read(_ path: String) throws -> JUnitDocument {
        do {
            return try JUnitReader.read(path: path)
        } catch {
            throw MamconfExit(MamconfExit.notJudged, error.description)
        }
    }
}
