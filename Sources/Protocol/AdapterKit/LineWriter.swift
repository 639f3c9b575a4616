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
    /// Guards the descriptor's life apart from `lock`, which a write blocked on a runner that does not read holds:
    /// ending the connection must never wait for that write.
    private let lifetime = NSLock()
    private var released = false

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

    /// Ends a socket connection both ways (a reader blocked on it returns, and so does a blocked write), without
    /// closing the descriptor. Safe from any thread at any time: once the descriptor was released it does nothing,
    /// so it never touches a descriptor the system has since given to someone else.
    func shutdownConnection() {
        guard isSocket else { return }
        lifetime.lock()
        defer { lifetime.unlock() }
        if !released { _ = shutdown(fd, Int32(SHUT_RDWR)) }
    }

    /// Ends a socket connection for sending only: the peer reads what was written, then the end of input, while
    /// this side can still read what the peer sends. Does nothing once the descriptor was released.
    func finishSending() {
        guard isSocket else { return }
        lifetime.lock()
        defer { lifetime.unlock() }
        if !released { _ = shutdown(fd, Int32(SHUT_WR)) }
    }

    /// Ends a socket connection and closes its descriptor; later writes are dropped. Called once, by the thread
    /// that reads the connection, when it is done with it.
    func release() {
        shutdownConnection()
        // A write in progress returns now that the connection is shut down; none starts after this.
        lock.lock()
        defer { lock.unlock() }
        closed = true
        lifetime.lock()
        defer { lifetime.unlock() }
        guard !released else { return }
        released = true
        _ = ListeningSocket.systemClose(fd)
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
