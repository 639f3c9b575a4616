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

    /// Writes what the descriptor takes at once, without waiting: nil when all of `data` went out, else what is
    /// left (all of it when the descriptor is full or failed; ``write(_:)`` then waits for room or reports the error).
    /// A line to an integration that is reading fits its pipe or socket buffer whole, so senders try this on their own
    /// thread and queue only the rest: handing every line to a writer thread cost a thread wake-up per line.
    func writeWithoutWaiting(_ data: Data) -> Data? {
        var sent = 0
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            while sent < raw.count {
                let pointer = base.advanced(by: sent)
                let written = isSocket ? Self.sendNoSignal(fd, pointer, raw.count - sent) : Self.systemWrite(fd, pointer, raw.count - sent)
                if written > 0 {
                    sent += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
        return sent == data.count ? nil : data.dropFirst(sent)
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
