import AdapterProtocol
import Foundation
import Locking

/// The questions the integration has asked and the runner has not yet answered, keyed by request id.
///
/// `ask` blocks on a slot's semaphore; the reader thread fills the slot when the answer line arrives.
final class PendingQuestions: Sendable {
    /// How a question ended.
    enum Outcome {
        case answer(JSONValue)
        case error(RPCError)
        case closed
    }

    /// One outstanding question.
    // @unchecked: `outcome` is written once, under PendingQuestions' lock, before the semaphore is signalled, and read
    // only by the asker after its wait on that semaphore returns.
    final class Slot: @unchecked Sendable {
        let semaphore = DispatchSemaphore(value: 0)
        var outcome: Outcome?
    }

    private let state = Locked<(nextID: Int, slots: [Int: Slot], closed: Bool)>((1, [:], false))

    /// Reserves a fresh id and its slot; nil when the input already ended (no answer can come).
    func open() -> (id: Int, slot: Slot)? {
        state.withLock { s in
            if s.closed { return nil }
            let id = s.nextID
            s.nextID += 1
            let slot = Slot()
            s.slots[id] = slot
            return (id, slot)
        }
    }

    /// Forgets a question whose asker gave up waiting. False when an outcome was delivered in the meantime
    /// (its semaphore is then signalled, so the asker can take the outcome instead of timing out).
    func abandon(_ id: Int) -> Bool {
        state.withLock { s in s.slots.removeValue(forKey: id) != nil }
    }

    /// Delivers an answer; false when no question with that id is waiting.
    @discardableResult
    func resolve(_ id: Int, with outcome: Outcome) -> Bool {
        let slot: Slot? = state.withLock { s in
            guard let slot = s.slots.removeValue(forKey: id) else { return nil }
            slot.outcome = outcome
            return slot
        }
        slot?.semaphore.signal()
        return slot != nil
    }

    /// Ends every waiting question with `.closed` (their runner went away); later questions may still be asked,
    /// for the next runner to answer.
    func failWaiting() {
        let slots: [Slot] = state.withLock { s in
            let all = Array(s.slots.values)
            for slot in all { slot.outcome = .closed }
            s.slots.removeAll()
            return all
        }
        for slot in slots { slot.semaphore.signal() }
    }

    /// Ends every waiting question with `.closed`; later `open()` calls fail.
    func closeAll() {
        let slots: [Slot] = state.withLock { s in
            s.closed = true
            let all = Array(s.slots.values)
            for slot in all { slot.outcome = .closed }
            s.slots.removeAll()
            return all
        }
        for slot in slots { slot.semaphore.signal() }
    }
}
