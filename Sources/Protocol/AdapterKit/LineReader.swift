import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a byte stream read from a file descriptor into `\n`-terminated lines, never holding more than
/// `limit` bytes of one line.
///
/// A peer that sends an endless line must not make the integration buffer it whole: the rest of an
/// over-long line is read and thrown away chunk by chunk, and the line is reported as `.overlong`.
struct LineReader {
    /// One item read from the stream.
    enum Item: Equatable {
        /// A complete line without its terminator (a trailing `\r` is removed too).
        case line(Data)
        /// A line longer than the limit was skipped; `byteCount` is how many bytes it had.
        case overlong(byteCount: Int)
        /// End of input (or a read error, which is handled the same way).
        case end
    }

    private let fd: Int32
    private let limit: Int
    private var buffer = Data()
    /// What one `read` fills, kept for the reader's life and never zeroed (only the bytes a read returns are used):
    /// allocating and zeroing 64 KiB for every read was 1% of a forked reference case's time, most of it first
    /// touches of fresh pages (issue 30).
    private var chunk = [UInt8](unsafeUninitializedCapacity: Self.chunkSize) { _, count in count = Self.chunkSize }
    private static let chunkSize = 64 * 1024
    private var scanFrom = 0
    /// Bytes of an over-long line seen so far, while its remainder is being skipped.
    private var skipping: Int?
    private var atEnd = false

    /// When the input counts as ended if nothing more came; nil waits for ever. A network connection reads its
    /// `hello` under a deadline, then the session reads on without one (and with what was read past the `hello`).
    var deadline: Date?
    /// The deadline passed: the input ended there, and an unterminated last line is dropped, not returned.
    private(set) var expired = false

    init(fd: Int32, limit: Int, deadline: Date? = nil) {
        self.fd = fd
        self.limit = max(1, limit)
        self.deadline = deadline
    }

    /// Blocks until the next item is available.
    mutating func next() -> Item {
        while true {
            if let item = takeFromBuffer() { return item }
            if expired { return .end }
            if atEnd {
                if let skipped = skipping {
                    skipping = nil
                    return .overlong(byteCount: skipped)
                }
                if !buffer.isEmpty {
                    let rest = buffer
                    buffer.removeAll()
                    scanFrom = 0
                    return .line(Self.trimmed(rest))
                }
                return .end
            }
            fill()
        }
    }

    /// Returns a complete line (or the end of a skipped one) if the buffer holds one.
    private mutating func takeFromBuffer() -> Item? {
        if let newline = buffer[scanFrom...].firstIndex(of: 0x0A) {
            let line = buffer[buffer.startIndex..<newline]
            let lineLength = line.count
            buffer = Data(buffer[(newline + 1)...])
            scanFrom = 0
            if let skipped = skipping {
                skipping = nil
                return .overlong(byteCount: skipped + lineLength)
            }
            if lineLength > limit { return .overlong(byteCount: lineLength) }
            return .line(Self.trimmed(Data(line)))
        }
        // No terminator yet: drop what cannot belong to an acceptable line.
        if skipping != nil || buffer.count > limit {
            skipping = (skipping ?? 0) + buffer.count
            buffer.removeAll(keepingCapacity: true)
            scanFrom = 0
        } else {
            scanFrom = buffer.count
        }
        return nil
    }

    private mutating func fill() {
        if let deadline {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            var polled: Int32
            repeat {
                let left = deadline.timeIntervalSinceNow
                polled = left > 0 ? poll(&ready, 1, Int32(min(left * 1000, Double(Int32.max)).rounded(.up))) : 0
            } while polled < 0 && errno == EINTR
            if polled == 0 { expired = true }
            if polled <= 0 {
                atEnd = true
                return
            }
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, Self.chunkSize) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return
            }
            if count < 0 && errno == EINTR { continue }
            atEnd = true
            return
        }
    }

    private static func trimmed(_ line: Data) -> Data {
        if line.last == 0x0D { return Data(line.dropLast()) }
        return line
    }
}
