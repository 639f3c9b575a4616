import AdapterProtocol
import Foundation
import Synchronization

/// Appends every journal entry of every tenant to a file, one JSON object per line, written as each request is
/// answered.
///
/// The in-memory journal dies with its tenant; a file outlives the run, so a validator (tools/validate_graph_requests.py)
/// or a person can read what each request was after the fact, and a crash loses at most the line being written.
public final class JournalFile: Sendable {
    private let handle: Mutex<FileHandle>
    public let path: String

    /// Why the journal file could not be opened.
    public struct OpenError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "cannot write the journal file \(path): \(reason)" }
    }

    /// Opens `path` for appending, creating it (mode 0600) when missing.
    public init(path: String) throws(OpenError) {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw OpenError(path: path, reason: "it cannot be created (does its directory exist?)")
            }
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw OpenError(path: path, reason: "it cannot be opened for writing")
        }
        do { try handle.seekToEnd() } catch { throw OpenError(path: path, reason: "\(error)") }
        self.handle = Mutex(handle)
        self.path = path
    }

    /// Appends `entry`; a Graph request's JSON body goes with it (`body`), so its shape can be checked against
    /// Graph's OpenAPI description after the run. Token and MAM-service bodies (credentials, tokens) never do.
    func append(_ entry: JournalEntry, body: [UInt8]) {
        var object = entry.json()
        if entry.route.hasPrefix("graph."), !body.isEmpty, let parsed = try? JSONValue.parse(body), case .object(var fields) = object {
            fields["body"] = parsed
            object = .object(fields)
        }
        var line = object.serialized()
        line.append(UInt8(ascii: "\n"))
        // One short write per line under the lock, so lines from concurrent requests never interleave.
        handle.withLock { try? $0.write(contentsOf: line) }
    }

    deinit {
        handle.withLock { try? $0.close() }
    }
}
