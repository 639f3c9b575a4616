import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Write-to-temp, fsync, rename: the POSIX way to replace a file so readers never see a partial one.
enum AtomicFile {
    static func replace(_ url: URL, with data: Data) throws(JUnitWriterError) {
        let target = url.path
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(UInt32.random(in: .min ... .max))"

        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .io(operation: "open", path: temporary, errno: errno) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }

        do throws(JUnitWriterError) {
            try writeAll(data, fd: fd, path: temporary)
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
