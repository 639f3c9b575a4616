import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a report where the user asked for it, never damaging what is there instead.
///
/// - A regular file (or a new one) is replaced atomically: write a temporary file, fsync, rename, so CI never
///   reads a half-written report.
/// - A symbolic link is followed: its target is replaced, the link stays.
/// - Anything else that can be written (a character device such as `/dev/null`, a FIFO) is written in place,
///   never replaced by a regular file; a FIFO nobody reads is an error, never a hang.
/// - A directory, an empty path or a missing folder is an error that names the path.
public enum AtomicFile {
    /// Seconds a write to a FIFO or device may stall before the report counts as not written.
    static let stallLimit: Int32 = 10_000

    public static func replace(_ url: URL, with data: Data) throws(JUnitWriterError) {
        let (target, inPlace) = try destination(url)
        if inPlace { return try writeInPlace(target, data, original: url.path) }
        try replaceRegular(target, data)
    }

    /// Adds `data` at the end of an existing regular file (links followed), in one `O_APPEND` write sequence and
    /// fsynced, so what others wrote there stays; a file that does not exist yet is created as ``replace(_:with:)``
    /// creates one, and a device or FIFO is written in place. For files that several steps fill in turn, such as
    /// GitHub's step summary.
    public static func append(_ url: URL, with data: Data) throws(JUnitWriterError) {
        let (target, inPlace) = try destination(url)
        if inPlace { return try writeInPlace(target, data, original: url.path) }
        let fd = open(target, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return try replaceRegular(target, data) }
            throw .io(operation: "open", path: url.path, errno: errno)
        }
        do throws(JUnitWriterError) {
            try writeAll(data, fd: fd, path: target)
            guard fsync(fd) == 0 else { throw .io(operation: "fsync", path: target, errno: errno) }
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw .io(operation: "close", path: target, errno: errno) }
    }

    /// Like ``replace(_:with:)``, but `write` produces the bytes into a file descriptor as it goes, so a large
    /// report never sits in memory whole. A regular target gets them through a temporary file beside it
    /// (fsync, rename); a device or FIFO gets them from a temporary file elsewhere, copied in place.
    static func replace(_ url: URL, streaming write: (Int32) throws(JUnitWriterError) -> Void) throws(JUnitWriterError) {
        let (target, inPlace) = try destination(url)
        guard inPlace else { return try streamRegular(target, write) }
        let scratch = NSTemporaryDirectory() + "mamconf-report-\(getpid())-\(UInt32.random(in: .min ... .max)).xml"
        defer { unlink(scratch) }
        try streamRegular(scratch, write)
        guard let data = FileManager.default.contents(atPath: scratch) else { throw .io(operation: "read", path: scratch, errno: errno) }
        try writeInPlace(target, data, original: url.path)
    }

    /// The path to write (links followed), and whether it is written in place (a device or FIFO) rather than
    /// replaced (a regular file, or none yet).
    private static func destination(_ url: URL) throws(JUnitWriterError) -> (target: String, inPlace: Bool) {
        let target = try resolve(url.path)
        var status = stat()
        guard stat(target, &status) == 0 else { return (target, false) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return (target, false)
        case S_IFDIR: throw .unwritable(path: url.path, reason: "it is a directory")
        default: return (target, true)
        }
    }

    /// Checks, before a run, that a report can be written to `path` (nothing is written).
    static func checkWritable(_ path: String) throws(JUnitWriterError) {
        let target = try resolve(path)
        var status = stat()
        if stat(target, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG:
                guard access(target, W_OK) == 0 else { throw .unwritable(path: path, reason: "it is not writable") }
            case S_IFDIR: throw .unwritable(path: path, reason: "it is a directory")
            default:
                guard access(target, W_OK) == 0 else { throw .unwritable(path: path, reason: "it is not writable") }
                return
            }
        }
        let directory = (target as NSString).deletingLastPathComponent
        let folder = directory.isEmpty ? "." : directory
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .unwritable(path: path, reason: "\(folder) is not a directory") }
            guard access(folder, W_OK | X_OK) == 0 else { throw .unwritable(path: path, reason: "the folder \(folder) is not writable") }
        }
    }

    /// The path to write: symbolic links followed (also to a target that does not exist yet).
    static func resolve(_ path: String) throws(JUnitWriterError) -> String {
        guard !path.isEmpty else { throw .unwritable(path: path, reason: "the path is empty") }
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = destination.hasPrefix("/") ? destination
                : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        throw .unwritable(path: path, reason: "too many levels of symbolic links")
    }

    private static func replaceRegular(_ target: String, _ data: Data) throws(JUnitWriterError) {
        try streamRegular(target) { fd throws(JUnitWriterError) in try writeAll(data, fd: fd, path: target) }
    }

    /// Lets `write` fill a temporary file beside `target`, then fsyncs it and renames it over `target`.
    private static func streamRegular(_ target: String, _ write: (Int32) throws(JUnitWriterError) -> Void) throws(JUnitWriterError) {
        let name = (target as NSString).lastPathComponent
        let parent = (target as NSString).deletingLastPathComponent
        let directory = parent.isEmpty ? "." : parent
        let temporary = directory + "/." + name + ".tmp-\(getpid())-\(UInt32.random(in: .min ... .max))"

        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .io(operation: "open", path: temporary, errno: errno) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }

        do throws(JUnitWriterError) {
            try write(fd)
            guard fsync(fd) == 0 else { throw .io(operation: "fsync", path: temporary, errno: errno) }
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw .io(operation: "close", path: temporary, errno: errno) }
        guard rename(temporary, target) == 0 else { throw .io(operation: "rename", path: target, errno: errno) }
        renamed = true
        syncDirectory(directory)
    }

    /// Writes to a device or FIFO as it is. Opened non-blocking, so a FIFO without a reader fails at once,
    /// and every stalled write waits at most `stallLimit` milliseconds.
    private static func writeInPlace(_ target: String, _ data: Data, original: String) throws(JUnitWriterError) {
        let fd = open(target, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            if errno == ENXIO { throw .unwritable(path: original, reason: "it is a FIFO nobody reads") }
            throw .io(operation: "open", path: original, errno: errno)
        }
        defer { close(fd) }
        let failure: JUnitWriterError? = data.withUnsafeBytes { bytes -> JUnitWriterError? in
            var offset = 0
            while offset < bytes.count {
                let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if written >= 0 { offset += written; continue }
                if errno == EINTR { continue }
                guard errno == EAGAIN || errno == EWOULDBLOCK else { return .io(operation: "write", path: original, errno: errno) }
                var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                if poll(&ready, 1, stallLimit) <= 0 {
                    return .unwritable(path: original, reason: "the reader stopped reading for \(stallLimit / 1000) s")
                }
            }
            return nil
        }
        if let failure { throw failure }
    }

    private static func writeAll(_ data: Data, fd: Int32, path: String) throws(JUnitWriterError) {
        let failure: Int32? = data.withUnsafeBytes { bytes -> Int32? in
            var offset = 0
            while offset < bytes.count {
                let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failure { throw .io(operation: "write", path: path, errno: failure) }
    }

    /// Makes the rename itself durable. Best effort: the report is already complete and in place.
    private static func syncDirectory(_ directory: String) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}
