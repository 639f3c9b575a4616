import Crypto
import Foundation

/// SHA-256 (lowercase hex) of files, keyed by path relative to a folder. What the manifest records of the suites,
/// the fixtures and the reports, and what `--verify` recomputes.
enum FileDigests {
    /// The digest of every regular file under `directory`, by relative path (sorted when encoded); a folder that
    /// cannot be read gives no files, which the comparison then names file by file.
    static func tree(_ directory: String) throws(CertificationError) -> [String: String] {
        let root = URL(fileURLWithPath: directory).standardizedFileURL.resolvingSymlinksInPath()
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw .unreadable(path: directory, reason: "the folder cannot be read")
        }
        var digests: [String: String] = [:]
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let path = url.resolvingSymlinksInPath().path
            let relative = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : url.lastPathComponent
            digests[relative] = try file(path)
        }
        return digests
    }

    /// The digest of one file.
    static func file(_ path: String) throws(CertificationError) -> String {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw .unreadable(path: path, reason: "\(error.localizedDescription)")
        }
        return hex(data)
    }

    static func hex(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }

    /// One line per file that is missing, extra or changed in `actual` against `recorded`, in path order.
    static func differences(recorded: [String: String], actual: [String: String], what: String, actualPlace: String) -> [String] {
        var lines: [String] = []
        for path in Set(recorded.keys).union(actual.keys).sorted() {
            switch (recorded[path], actual[path]) {
            case let (expected?, found?) where expected != found: lines.append("\(what) \(path) changed (sha256 \(found), the manifest has \(expected))")
            case (_?, nil): lines.append("\(what) \(path) is in the manifest but not in \(actualPlace)")
            case (nil, _?): lines.append("\(what) \(path) is in \(actualPlace) but not in the manifest")
            default: break
            }
        }
        return lines
    }
}
