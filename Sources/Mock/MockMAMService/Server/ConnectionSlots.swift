import NIOCore
import Synchronization

/// The mock's connection slots, and who gives one up when they are all taken.
///
/// A fixed connection limit that makes new connections wait in the listen backlog lets slow clients (slowloris:
/// many connections, each trickling its request) hold every slot, while the health check and every honest client
/// wait behind them until a request deadline cuts the slow ones off, and the attacker simply reconnects. So the mock
/// accepts every connection and, past `limit`, closes the one that has waited longest for its next request: a
/// keep-alive connection left idle, or one still sending its head or body. A connection whose request is being
/// answered is never taken. A client that sends its request promptly (a health check, the harness) is therefore
/// served whatever slow clients do, and they cannot hold more than `limit` connections.
final class ConnectionSlots: Sendable {
    private struct Slot {
        let channel: any Channel
        /// When the connection started waiting for (the rest of) its next request, in admission order; nil while a
        /// request of it is being answered.
        var waitingSince: UInt64?
    }

    private struct State {
        var slots: [ObjectIdentifier: Slot] = [:]
        var ticket: UInt64 = 0

        mutating func next() -> UInt64 {
            ticket += 1
            return ticket
        }
    }

    let limit: Int
    private let state = Mutex(State())

    init(limit: Int) {
        self.limit = limit
    }

    /// Connections held now.
    var count: Int { state.withLock { $0.slots.count } }

    /// Takes a slot for `channel`; past the limit, closes the connection that has waited longest for a request.
    func admit(_ channel: any Channel) {
        let evicted = state.withLock { state -> (any Channel)? in
            let ticket = state.next()
            state.slots[ObjectIdentifier(channel)] = Slot(channel: channel, waitingSince: ticket)
            guard state.slots.count > limit else { return nil }
            let oldest = state.slots.filter { $0.value.waitingSince != nil }.min { $0.value.waitingSince! < $1.value.waitingSince! }
            guard let oldest else { return nil }
            state.slots[oldest.key] = nil
            return oldest.value.channel
        }
        evicted?.close(promise: nil)
    }

    /// The connection's request has arrived whole: it is being answered and is not taken from it.
    func requestReceived(_ channel: any Channel) {
        state.withLock { $0.slots[ObjectIdentifier(channel)]?.waitingSince = nil }
    }

    /// The connection's response is sent: it waits for its next request from now.
    func responseSent(_ channel: any Channel) {
        state.withLock { state in
            let ticket = state.next()
            state.slots[ObjectIdentifier(channel)]?.waitingSince = ticket
        }
    }

    /// The connection is closed: its slot is free.
    func release(_ channel: any Channel) {
        _ = state.withLock { $0.slots.removeValue(forKey: ObjectIdentifier(channel)) }
    }
}
