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
    /// A socket is written with `send(MSG_NOSIGNAL)`: a runner that went away must not kill the host by SIGPIPE.
    private let isSocket: Bool
    private let lock = NSLock()
    private var closed = false

    init(fd: Int32, isSocket: Bool = false) {
        self.fd = fd
        self.isSocket = isSocket
    }

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

    /// Ends a socket connection both ways (a reader blocked on it returns), without closing the descriptor.
    func shutdownConnection() {
        guard isSocket else { return }
        _ = shutdown(fd, Int32(SHUT_RDWR))
    }

    private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        if isSocket { return Glibc.send(fd, buffer, count, Int32(MSG_NOSIGNAL)) }
        #endif
        #if canImport(Darwin)
        return Darwin.write(fd, buffer, count)
        #elseif canImport(Musl)
        return Musl.write(fd, buffer, count)
        #else
        return Glibc.write(fd, buffer, count)
        #endif
    }
}
