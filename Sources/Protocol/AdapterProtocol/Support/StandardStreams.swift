#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Locking

/// Writes to stdout and stderr that never crash the process.
///
/// Foundation's `FileHandle.write` traps when the reader has gone (`mamconf run | head` closes the pipe after ten
/// lines). A console line nobody reads is not worth a run: once a stream fails, later lines to it are dropped
/// and the run goes on, so its report is still written and its exit code still tells the verdict.
public enum StandardStreams {
    /// A line (a newline is added) to standard output.
    public static func out(_ line: String) { write(line + "\n", to: STDOUT_FILENO) }

    /// A line (a newline is added) to standard error.
    public static func err(_ line: String) { write(line + "\n", to: STDERR_FILENO) }

    private static let closed = Locked<Set<Int32>>([])

    /// Writes all of `text`, retrying on interruption; the first failure closes the stream for good.
    public static func write(_ text: String, to fd: Int32) {
        if closed.withLock({ $0.contains(fd) }) { return }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written > 0 { offset += written; continue }
            if written < 0 && errno == EINTR { continue }
            closed.withLock { _ = $0.insert(fd) }
            return
        }
    }
}
