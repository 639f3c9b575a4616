import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole lines to a file descriptor under one lock, so that lines written from different threads
/// (responses, events, questions) never interleave.
final class LineWriter: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()
    private var closed = false

    init(fd: Int32) { self.fd = fd }

    /// Writes `line` (which must end in `\n`) completely, or drops it if the peer has gone away.
    /// Returns false when the output is closed.
    @discardableResult
    func write(_ line: Data) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if closed { return false }
        let ok = line.withUnsafeBytes { raw -> Bool in
            guard var base = raw.baseAddress else { return true }
            var remaining = raw.count
            while remaining > 0 {
                let written = systemWrite(fd, base, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                remaining -= written
                base = base.advanced(by: written)
            }
            return true
        }
        if !ok { closed = true }
        return ok
    }

    private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        return Darwin.write(fd, buffer, count)
        #elseif canImport(Musl)
        return Musl.write(fd, buffer, count)
        #else
        return Glibc.write(fd, buffer, count)
        #endif
    }
}
