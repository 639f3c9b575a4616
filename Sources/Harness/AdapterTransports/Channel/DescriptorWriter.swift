import AdapterProtocol
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writes whole lines to a non-blocking pipe or socket, never blocking for longer than the stall limit.
///
/// An integration that stops reading must not hold up the run: when the descriptor stays full for `stall`
/// seconds, the write gives up and says so, and the session breaks the channel.
struct DescriptorWriter: Sendable {
    enum Outcome: Equatable {
        case written
        /// No progress for the stall limit: the peer no longer reads.
        case stalled
        /// The descriptor is closed or broken (errno).
        case failed(Int32)
    }

    let fd: Int32
    let stall: Duration
    /// Sockets are written with `send(MSG_NOSIGNAL)`, so a peer that went away is an error, not a SIGPIPE.
    let isSocket: Bool

    /// Makes the descriptor non-blocking; writes then wait in `poll` with the stall deadline.
    init(fd: Int32, stall: Duration, isSocket: Bool) {
        self.fd = fd
        self.stall = stall
        self.isSocket = isSocket
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    func write(_ data: Data) -> Outcome {
        let stallMilliseconds = Int32(max(1, min(stall.inSeconds * 1000, Double(Int32.max))))
        return data.withUnsafeBytes { raw -> Outcome in
            guard var pointer = raw.baseAddress else { return .written }
            var left = raw.count
            while left > 0 {
                let written = isSocket ? Self.sendNoSignal(fd, pointer, left) : Self.systemWrite(fd, pointer, left)
                if written >= 0 {
                    left -= written
                    pointer = pointer.advanced(by: written)
                    continue
                }
                if errno == EINTR { continue }
                guard errno == EAGAIN || errno == EWOULDBLOCK else { return .failed(errno) }
                var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                let polled = poll(&ready, 1, stallMilliseconds)
                if polled == 0 { return .stalled }
                if polled < 0 && errno != EINTR { return .failed(errno) }
            }
            return .written
        }
    }

    private static func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(fd, pointer, count)
        #else
        return Darwin.write(fd, pointer, count)
        #endif
    }

    private static func sendNoSignal(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return send(fd, pointer, count, Int32(MSG_NOSIGNAL))
        #else
        return send(fd, pointer, count, 0)
        #endif
    }
}
