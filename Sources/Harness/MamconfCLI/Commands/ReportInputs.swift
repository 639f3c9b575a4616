import AdapterProtocol
import Foundation
import JUnitXML

/// Reads the reports that `merge`, `report` and `compare` take: files or `--junit-dir` directories, in any dialect.
/// An unreadable input ends the command with exit 2 and the reader's `path:line:column:` message.
enum ReportInputs {
    static func read(_ path: String) throws -> JUnitDocument {
        do {
            return try JUnitReader.read(path: path)
        } catch {
            throw MamconfExit(MamconfExit.notJudged, error.description)
        }
    }

    /// The inputs merged as `merge` merges them (shards put back in order, suites of one name combined), warnings
    /// printed; one input is read as it is. Exit 2 on what `merge` refuses.
    static func merged(_ inputs: [String], allowMissingShards: Bool) throws -> JUnitMerger.Result {
        try checkDistinct(inputs)
        let documents = try inputs.map { JUnitMerger.Input(source: $0, document: try read($0)) }
        let merged: JUnitMerger.Result
        do {
            merged = try JUnitMerger.merge(documents, allowMissingShards: allowMissingShards)
        } catch {
            throw MamconfExit(MamconfExit.notJudged, error.description)
        }
        for warning in merged.warnings {
            StandardStreams.write("mamconf: warning: \(warning)\n", to: STDERR_FILENO)
        }
        return merged
    }

    /// Refuses one report given twice under different paths (`a.xml` and `./a.xml`, a link): the same file, by
    /// device and inode. Paths that cannot be examined are left to the reader, which names the problem.
    private static func checkDistinct(_ paths: [String]) throws {
        var seen: [[UInt64]: String] = [:]
        for path in paths {
            var status = stat()
            guard stat(path, &status) == 0 else { continue }
            let identity = [UInt64(status.st_dev), UInt64(status.st_ino)]
            if let first = seen[identity] {
                throw MamconfExit(MamconfExit.notJudged, JUnitMergeError.sameInput(source: first, other: path).description)
            }
            seen[identity] = path
        }
    }
}
