import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which report files of a `--junit-dir` directory mamconf wrote, so that a later run replaces and removes
/// those and never a file another tool (or the `--junit` report) put there.
///
/// Kept in the directory as ``fileName``, one line per file: its size, a 64-bit FNV-1a hash of its bytes, and
/// its name. A file counts as mamconf's only while it is a regular file with exactly those bytes: one another
/// tool rewrote since, or a symbolic link put in its place, is not. Content, not inode or time, so a directory
/// restored from a CI cache still counts. The record is read with a size limit and a line it cannot parse
/// counts as nothing, so a damaged record can only make mamconf leave more files alone.
struct ReportDirectoryRecord {
    /// The record's name in the directory: hidden, and no `TEST-*.xml` reader looks at it.
    static let fileName = ".mamconf-junit-dir"
    /// The largest record read (a run's record is a line per suite).
    static let sizeLimit = 1 << 20

    struct Entry: Hashable {
        var name: String
        var size: Int
        var hash: UInt64
    }

    private(set) var entries: [Entry] = []

    /// The record in `directory`, or an empty one when there is none (or it cannot be read).
    static func load(from directory: String) -> ReportDirectoryRecord {
        var record = ReportDirectoryRecord()
        let path = (directory as NSString).appendingPathComponent(fileName)
        guard regularFileSize(path).map({ $0 <= sizeLimit }) == true, let data = FileManager.default.contents(atPath: path) else { return record }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 2)
            guard fields.count == 3, let size = Int(fields[0]), let hash = UInt64(fields[1], radix: 16),
                  JUnitWriter.isReportFileName(String(fields[2])), !fields[2].contains("/") else { continue }
            record.entries.append(Entry(name: String(fields[2]), size: size, hash: hash))
        }
        return record
    }

    mutating func add(name: String, data: Data) {
        entries.append(Entry(name: name, size: data.count, hash: Self.hash(data)))
    }

    mutating func add(_ other: ReportDirectoryRecord) {
        entries += other.entries
    }

    /// Whether `name` in `directory` is a regular file whose bytes are those of a file recorded under that name.
    func wrote(_ name: String, in directory: String) -> Bool {
        let path = (directory as NSString).appendingPathComponent(name)
        guard let size = Self.regularFileSize(path) else { return false }
        let candidates = entries.filter { $0.name == name && $0.size == size }
        guard !candidates.isEmpty, let hash = Self.hash(file: path) else { return false }
        return candidates.contains { $0.hash == hash }
    }

    /// Writes the record into `directory` (replacing the earlier one atomically). A record that is not a
    /// regular file (a link someone put there) is refused rather than followed.
    func save(to directory: String) throws(JUnitWriterError) {
        let path = (directory as NSString).appendingPathComponent(Self.fileName)
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw .unwritable(path: path, reason: "it is not a regular file, so mamconf's record of the files it wrote cannot go there")
        }
        let text = entries.map { "\($0.size) \(String($0.hash, radix: 16)) \($0.name)\n" }.joined()
        try AtomicFile.replace(URL(fileURLWithPath: path), with: Data(text.utf8))
    }

    /// The size of a regular file (not following a symbolic link), or nil when `path` is anything else.
    static func regularFileSize(_ path: String) -> Int? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// FNV-1a, 64 bits: enough to tell a report mamconf wrote from one that changed since, with no dependency.
    static func hash(_ data: Data) -> UInt64 {
        var state = Hasher64()
        data.withUnsafeBytes { state.add($0) }
        return state.value
    }

    /// The hash of a file's bytes, read a block at a time; nil when it cannot be read.
    private static func hash(file path: String) -> UInt64? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var state = Hasher64()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return state.value }
            buffer.withUnsafeBytes { state.add(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
    }

    private struct Hasher64 {
        private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func add(_ bytes: UnsafeRawBufferPointer) {
            for byte in bytes {
                value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }
    }
}
