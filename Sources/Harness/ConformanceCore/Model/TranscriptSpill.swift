import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file with no name that holds the transcripts of finished cases until the reports are written.
///
/// A run keeps every case's result for its reports, and the transcripts were about half of what a case kept: a
/// 10,000-case run held 80 MB of them (issue 30). Here each one is appended once and read back when a reporter asks
/// for it. The file is created unlinked (`O_TMPFILE`, or a temporary name removed at once), so nothing is left
/// behind however the run ends, and it is the user's alone (0600): transcripts are redacted, but they are the run's.
public final class TranscriptSpill: Sendable {
    /// Where a transcript's bytes went.
    public struct Extent: Sendable, Hashable {
        var offset: Int64
        var length: Int
    }

    private struct State {
        var descriptor: Int32
        var end: Int64 = 0
        /// The first write that failed; later transcripts stay in memory.
        var broken = false
    }

    private let state: Mutex<State>

    /// An unnamed file in `directory`; nil when none can be made there (the transcripts then stay in memory).
    public init?(in directory: String) {
        var descriptor = open(directory, Self.unnamedFile | O_RDWR | O_CLOEXEC, 0o600)
        if descriptor < 0 {
            // A file system without O_TMPFILE: a named file, removed before anything is written to it.
            var template = Array(((directory as NSString).appendingPathComponent(".mamconf-transcripts-XXXXXX")).utf8CString)
            descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else { return nil }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        }
        state = Mutex(State(descriptor: descriptor))
    }

    /// `O_TMPFILE`, which Swift cannot import (a macro of two flags): `__O_TMPFILE` is 020000000 on the architectures
    /// Swift runs on under Linux. Elsewhere no such flag exists, the `open` fails and the named fallback is used.
    #if os(Linux)
    private static let unnamedFile: Int32 = 0o20000000 | O_DIRECTORY
    #else
    private static let unnamedFile: Int32 = O_DIRECTORY
    #endif

    /// A spill over an open descriptor it now owns (tests hand it one that cannot be written).
    init(descriptor: Int32) {
        state = Mutex(State(descriptor: descriptor))
    }

    deinit {
        state.withLock { _ = close($0.descriptor) }
    }

    /// Bytes written so far.
    public var byteCount: Int64 { state.withLock { $0.end } }

    /// Appends `text`; nil when it could not be written whole (the caller keeps it in memory).
    func store(_ text: String) -> Extent? {
        var text = text
        return text.withUTF8 { bytes in
            state.withLock { state -> Extent? in
                guard !state.broken else { return nil }
                var written = 0
                while written < bytes.count {
                    let count = pwrite(state.descriptor, bytes.baseAddress! + written, bytes.count - written,
                                       off_t(state.end) + off_t(written))
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else {
                        state.broken = true
                        return nil
                    }
                    written += count
                }
                defer { state.end += Int64(bytes.count) }
                return Extent(offset: state.end, length: bytes.count)
            }
        }
    }

    /// The text stored at `extent`, or why it cannot be read.
    func load(_ extent: Extent) -> Result<String, Errno> {
        let descriptor = state.withLock { $0.descriptor }
        var failure: Int32 = 0
        let text = String(unsafeUninitializedCapacity: extent.length) { buffer in
            var read = 0
            while read < extent.length {
                let count = pread(descriptor, buffer.baseAddress! + read, extent.length - read, off_t(extent.offset) + off_t(read))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    failure = count == 0 ? EIO : errno
                    return 0
                }
                read += count
            }
            return read
        }
        return failure == 0 ? .success(text) : .failure(Errno(code: failure))
    }

    /// An `errno` value, described as the system describes it.
    struct Errno: Error, CustomStringConvertible {
        var code: Int32
        var description: String { String(cString: strerror(code)) }
    }
}
