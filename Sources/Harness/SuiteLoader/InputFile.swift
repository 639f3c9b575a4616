#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Reads the files mamconf takes as input (suites, fixtures, the requirement catalog, a known-failures list, a
/// tenant file) only when they are regular files, and never more than ``byteLimit`` bytes of them.
///
/// A path can name anything: a FIFO blocks a reader forever, a device or a `/proc` file never ends, and a
/// multi-gigabyte file read whole costs as much memory. Each is an error naming the file instead.
public enum InputFile {
    /// The largest input file read, in bytes (4 MiB: the largest shipped suite is under 20 KB).
    public static let byteLimit = 4 << 20

    /// Why a file was not read, in words a user acts on.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case missing
        case directory
        /// Something other than a regular file: a FIFO, a device, a socket.
        case notRegular(String)
        case tooLarge
        case unreadable(String)

        public var description: String {
            switch self {
            case .missing: return "no such file"
            case .directory: return "it is a directory"
            case .notRegular(let what): return "it is \(what), not a regular file"
            case .tooLarge: return "it is larger than \(InputFile.byteLimit >> 20) MiB, the limit for input files"
            case .unreadable(let why): return "it cannot be read: \(why)"
            }
        }
    }

    /// What `path` names, without opening it: a regular file's size, or why it is not one.
    public static func regularFileSize(_ path: String) -> Result<Int, Problem> {
        var status = stat()
        guard stat(path, &status) == 0 else {
            return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(String(cString: strerror(errno))))
        }
        return kind(status).map { Int(status.st_size) }
    }

    /// The file's bytes, or why they were not read. The file is opened non-blocking and checked again once open,
    /// so a FIFO put in its place in between cannot block the read either.
    public static func read(_ path: String) -> Result<Data, Problem> {
        switch regularFileSize(path) {
        case .failure(let problem): return .failure(problem)
        case .success(let size) where size > byteLimit: return .failure(.tooLarge)
        case .success: break
        }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        if case .failure(let problem) = kind(status) { return .failure(problem) }
        // Files of /proc and /sys say they are empty and then never end: the limit holds whatever the size said.
        // Whole chunks only (some of those files refuse reads of odd sizes); one chunk past the limit at most.
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while data.count <= byteLimit {
            let count = Glibc.read(fd, &buffer, buffer.count)
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count == 0 {
                return .success(data)
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                return .failure(.unreadable("it has nothing to read yet (it would block)"))
            } else {
                return .failure(.unreadable(String(cString: strerror(errno))))
            }
        }
        return .failure(.tooLarge)
    }

    private static func kind(_ status: stat) -> Result<Void, Problem> {
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .success(())
        case S_IFDIR: return .failure(.directory)
        case S_IFIFO: return .failure(.notRegular("a FIFO"))
        case S_IFCHR: return .failure(.notRegular("a character device"))
        case S_IFBLK: return .failure(.notRegular("a block device"))
        case S_IFSOCK: return .failure(.notRegular("a socket"))
        default: return .failure(.notRegular("a special file"))
        }
    }
}
