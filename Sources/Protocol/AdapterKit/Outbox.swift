import AdapterProtocol
import Foundation
import Locking

/// Where the integration's own messages (events and questions) go: to the connected runner, or, while none is
/// connected (a relaunched host before the runner reconnects), into a bounded queue delivered on the next
/// connection in order. Responses never pass through here: they belong to the connection that asked.
final class Outbox: Sendable {
    /// Most lines kept while no runner is connected; older ones are dropped (and counted) beyond it.
    static let queueLimit = 10_000

    private struct State {
        var writer: LineWriter?
        var queue: [Data] = []
        var dropped = 0
    }

    private let state = Locked(State())

    /// Sends `line` now, or queues it while no runner is connected. False when it had to be dropped.
    @discardableResult
    func send(_ line: Data) -> Bool {
        state.withLock { s -> Bool in
            if let writer = s.writer { return writer.write(line) }
            if s.queue.count >= Self.queueLimit {
                s.queue.removeFirst()
                s.dropped += 1
            }
            s.queue.append(line)
            return true
        }
    }

    /// Connects a runner: first the queued lines, in order, then everything sent later. Returns how many queued
    /// lines were delivered and how many had been dropped for want of room.
    @discardableResult
    func attach(_ writer: LineWriter) -> (delivered: Int, dropped: Int) {
        state.withLock { s in
            let queued = s.queue
            let dropped = s.dropped
            s.queue.removeAll()
            s.dropped = 0
            for line in queued where !writer.write(line) { break }
            s.writer = writer
            return (queued.count, dropped)
        }
    }

    /// Disconnects `writer` if it is the current one; later lines queue until the next `attach`.
    func detach(_ writer: LineWriter) {
        state.withLock { s in
            if s.writer === writer { s.writer = nil }
        }
    }

    /// Whether `writer` is the runner now connected.
    func isCurrent(_ writer: LineWriter) -> Bool {
        state.withLock { $0.writer === writer }
    }
}
