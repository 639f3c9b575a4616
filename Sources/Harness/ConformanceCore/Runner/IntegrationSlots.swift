import Synchronization

/// How many integrations run at once (`--jobs`), handed out in the order cases ask.
///
/// A case arranges its tenant before it asks, so while `count` integrations run their steps the next cases' tenants
/// are arranged: the arrangement's round trips no longer sit between one case's end and the next one's start (issue
/// 30). The runner uses slots only where every case has a tenant of its own, so an arrangement cannot touch a case in
/// flight; a case holds its slot from its integration's start to its end.
final class IntegrationSlots: Sendable {
    /// What a case asking for a slot is told.
    enum Admission {
        case admitted
        /// The run stopped for `reason` (the integration is unusable, its restart budget is spent): start nothing.
        case closed(CaseError)
        /// The case's task was cancelled while it waited (the run was interrupted).
        case cancelled
    }

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Admission, Never>
    }

    private struct State {
        var free: Int
        var waiting: [Waiter] = []
        var closed: CaseError?
        var nextID: UInt64 = 0
        /// Waiters cancelled before they were queued (the cancellation handler ran first).
        var cancelledEarly: Set<UInt64> = []
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

    /// Waits for a free slot, first come first served. An admitted case must ``release()`` its slot.
    func acquire() async -> Admission {
        let id = state.withLock { state -> UInt64 in
            defer { state.nextID += 1 }
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Admission, Never>) in
                let answer = state.withLock { state -> Admission? in
                    if let reason = state.closed { return .closed(reason) }
                    if state.cancelledEarly.remove(id) != nil { return .cancelled }
                    if state.free > 0 {
                        state.free -= 1
                        return .admitted
                    }
                    state.waiting.append(Waiter(id: id, continuation: continuation))
                    return nil
                }
                if let answer { continuation.resume(returning: answer) } else { queued?() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiting.firstIndex(where: { $0.id == id }) else {
                    state.cancelledEarly.insert(id)
                    return nil
                }
                return state.waiting.remove(at: index)
            }
            waiter?.continuation.resume(returning: .cancelled)
        }
    }

    /// Gives a slot back: the longest waiting case gets it.
    func release() {
        let next = state.withLock { state -> Waiter? in
            guard state.closed == nil, !state.waiting.isEmpty else {
                state.free = min(count, state.free + 1)
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.continuation.resume(returning: .admitted)
    }

    /// The run stopped: every waiting case, and every case that asks later, is told why instead of getting a slot.
    func close(_ reason: CaseError) {
        let waiters = state.withLock { state -> [Waiter] in
            guard state.closed == nil else { return [] }
            state.closed = reason
            defer { state.waiting.removeAll() }
            return state.waiting
        }
        for waiter in waiters { waiter.continuation.resume(returning: .closed(reason)) }
    }
}
