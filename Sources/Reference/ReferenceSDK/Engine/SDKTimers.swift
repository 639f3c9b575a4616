import Foundation
import Locking

/// The SDK's armed timers, at most one per slot: the state of the timer flows (the 24-hour enrollment retry, the
/// 8-hour check-in, the retried unenroll acknowledgement).
///
/// Owned here rather than in the engine so that closing it (when the runtime terminates) cancels every timer and
/// refuses new ones in one step: a flow that arms a timer while the runtime terminates can never leave one behind.
final class SDKTimers: Sendable {
    enum Slot: Hashable, Sendable {
        case retry
        case checkIn
        /// The retried acknowledgement of an unenroll the service did not take (RES-04).
        case acknowledgement

        /// How the slot's work is named in the log.
        var workName: String {
            switch self {
            case .retry: "enrollment retry"
            case .checkIn: "check-in"
            case .acknowledgement: "unenroll acknowledgement"
            }
        }
    }

    private struct State {
        var armed: [Slot: MAMTimer] = [:]
        var closed = false
    }

    private let state = Locked(State())
    private let clock: any MAMClock
    private let work: SDKWorkQueue
    private let connections: SDKAppConnections

    init(clock: any MAMClock, work: SDKWorkQueue, connections: SDKAppConnections) {
        self.clock = clock
        self.work = work
        self.connections = connections
    }

    /// Arms the timer in `slot` (replacing any previous one); `job` runs on the work queue when due. A terminated
    /// runtime arms nothing.
    func arm(_ slot: Slot, at date: Date, _ job: @escaping @Sendable () -> Void) {
        guard connections.isAlive else { return }
        arm(slot, with: clock.schedule(at: date) { [work] in work.submit(slot.workName, job) })
    }

    /// Puts `timer` in `slot`, cancelling the one it replaces; cancels `timer` instead when closed.
    private func arm(_ slot: Slot, with timer: MAMTimer) {
        let (replaced, accepted) = state.withLock { state in
            guard !state.closed else { return (nil as MAMTimer?, false) }
            return (state.armed.updateValue(timer, forKey: slot), true)
        }
        replaced?.cancel()
        if !accepted { timer.cancel() }
    }

    func disarm(_ slot: Slot) {
        state.withLock { $0.armed.removeValue(forKey: slot) }?.cancel()
    }

    func isArmed(_ slot: Slot) -> Bool { state.read { $0.armed[slot] != nil } }

    /// Cancels every timer; later ones are refused. Idempotent.
    func close() {
        let pending = state.withLock { state in
            state.closed = true
            defer { state.armed.removeAll() }
            return Array(state.armed.values)
        }
        pending.forEach { $0.cancel() }
    }
}
