import Synchronization

/// How many integrations run at once (`--jobs`), handed out in plan order.
///
/// A case arranges its tenant before it asks, so while `count` integrations run their steps the next cases' tenants
/// are arranged: the arrangement's round trips no longer sit between one case's end and the next one's start (issue
/// 30), in a serial run as much as in a parallel one. The runner uses slots only where every case has a tenant of its
/// own, so an arrangement cannot touch a case in flight; a case holds its slot from its integration's start to its end.
///
/// Tenants are not ready in the order cases were launched (one case arranges more than another), yet integrations
/// start in that order: each launched case takes a ``Ticket`` with its turn, and a slot goes to the earliest turn not
/// yet served. So a serial run still starts its integrations one after the other in plan order, which an integration
/// that counts its starts (or a reader of its log) relies on. A case that will not ask, because it was skipped or its
/// arrangement failed, passes its turn, or the cases after it would wait forever.
final class IntegrationSlots: Sendable {
    /// What a case asking for a slot is told.
    enum Admission {
        case admitted
        /// The run stopped for `reason` (the integration is unusable, its restart budget is spent): start nothing.
        case closed(CaseError)
        /// The case's task was cancelled while it waited (the run was interrupted).
        case cancelled
    }

    private typealias Waiter = CheckedContinuation<Admission, Never>

    private struct State {
        var free: Int
        /// The turn the next free slot goes to; the turns before it are served or passed.
        var serving: UInt64 = 0
        var issued: UInt64 = 0
        var waiting: [UInt64: Waiter] = [:]
        /// Turns after `serving` that will never ask (passed, or given up by a cancelled case).
        var passed: Set<UInt64> = []
        var closed: CaseError?
        /// Turns cancelled before they were queued (the cancellation handler ran first).
        var cancelledEarly: Set<UInt64> = []

        /// Gives free slots to the waiting turns next in line; returns who to wake.
        mutating func admitInOrder() -> [Waiter] {
            var admitted: [Waiter] = []
            while free > 0 {
                if passed.remove(serving) != nil {
                    serving += 1
                } else if let next = waiting.removeValue(forKey: serving) {
                    free -= 1
                    serving += 1
                    admitted.append(next)
                } else {
                    break
                }
            }
            return admitted
        }

        /// `turn` will never take a slot.
        mutating func forgo(_ turn: UInt64) -> [Waiter] {
            guard turn >= serving else { return [] }
            passed.insert(turn)
            return closed == nil ? admitInOrder() : []
        }
    }

    let count: Int
    private let state: Mutex<State>
    /// Told each time a case starts to wait, so a test waits for that event instead of polling.
    private let queued: (@Sendable () -> Void)?

    init(count: Int, queued: (@Sendable () -> Void)? = nil) {
        self.count = max(1, count)
        state = Mutex(State(free: max(1, count)))
        self.queued = queued
    }

    /// Slots in use.
    var inUse: Int { state.withLock { count - $0.free } }

    /// Cases waiting for a slot.
    var waiting: Int { state.withLock { $0.waiting.count } }

    /// One case's place in the order integrations start, taken when the runner launched it. Each ticket must be used
    /// once: to ``acquire()`` a slot, or ``pass()``ed.
    struct Ticket: Sendable {
        let slots: IntegrationSlots
        fileprivate let turn: UInt64

        /// Waits until a slot is free and every earlier turn has been served or passed. An admitted case must
        /// ``release()`` its slot.
        func acquire() async -> Admission { await slots.acquire(turn) }
        /// This case will not ask for a slot (it was skipped, or its arrangement failed): the turns after it need not
        /// wait for it.
        func pass() { slots.pass(turn) }
        func release() { slots.release() }
    }

    /// A ticket with the next turn: the runner takes them in plan order as it launches cases.
    func ticket() -> Ticket {
        state.withLock { state in
            defer { state.issued += 1 }
            return Ticket(slots: self, turn: state.issued)
        }
    }

    private func acquire(_ turn: UInt64) async -> Admission {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: Waiter) in
                var asked = Asked()
                state.withLock { state in
                    if let reason = state.closed {
                        asked.answer = .closed(reason)
                    } else if state.cancelledEarly.remove(turn) != nil {
                        asked.answer = .cancelled
                        asked.admitted = state.forgo(turn)
                    } else {
                        state.waiting[turn] = continuation
                        asked.admitted = state.admitInOrder()
                        asked.waits = state.waiting[turn] != nil
                    }
                }
                if let answer = asked.answer { continuation.resume(returning: answer) }
                for next in asked.admitted { next.resume(returning: .admitted) }
                if asked.waits { queued?() }
            }
        } onCancel: {
            var cancelled: Waiter?
            var admitted: [Waiter] = []
            state.withLock { state in
                if let waiter = state.waiting.removeValue(forKey: turn) {
                    cancelled = waiter
                    admitted = state.forgo(turn)
                } else if turn >= state.serving {
                    // Not queued yet: it is told when it asks. (One admitted already releases its slot as usual.)
                    state.cancelledEarly.insert(turn)
                }
            }
            cancelled?.resume(returning: .cancelled)
            for next in admitted { next.resume(returning: .admitted) }
        }
    }

    /// What ``Ticket/acquire()`` found under the lock, acted on after it.
    private struct Asked {
        var answer: Admission?
        var admitted: [Waiter] = []
        var waits = false
    }

    private func pass(_ turn: UInt64) {
        let admitted = state.withLock { $0.forgo(turn) }
        for next in admitted { next.resume(returning: .admitted) }
    }

    /// Gives a slot back: the earliest waiting turn gets it, once the turns before it are served or passed.
    func release() {
        let admitted = state.withLock { state -> [Waiter] in
            state.free = min(count, state.free + 1)
            return state.closed == nil ? state.admitInOrder() : []
        }
        for next in admitted { next.resume(returning: .admitted) }
    }

    /// The run stopped: every waiting case, and every case that asks later, is told why instead of getting a slot.
    func close(_ reason: CaseError) {
        let waiters = state.withLock { state -> [Waiter] in
            guard state.closed == nil else { return [] }
            state.closed = reason
            defer { state.waiting.removeAll() }
            return Array(state.waiting.values)
        }
        for waiter in waiters { waiter.resume(returning: .closed(reason)) }
    }
}
