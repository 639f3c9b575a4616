import Foundation
import Locking

/// Holds runner requests back while the app is between two instances.
///
/// A restart the app scheduled itself (`restartApplication` returned true) or the SDK's relaunch leaves a
/// window in which the old app instance is still reachable but its SDK runtime is, or is about to be,
/// terminated: a runner request handled then would reach a dead runtime and be dropped. On a real device
/// such a request would reach the new process, so the bridge waits here until the new instance is in place.
final class RestartGate: Sendable {
    /// Self-restarts scheduled and not yet run.
    private let scheduled = Locked(0)

    /// A self-restart was scheduled; requests wait until ``restartFinished()``.
    func restartScheduled() {
        scheduled.withLock { $0 += 1 }
    }

    /// The scheduled restart ran (or was skipped).
    func restartFinished() {
        scheduled.withLock { $0 = max(0, $0 - 1) }
    }

    /// The running app changed (a new instance, or none after shutdown): waiters re-check.
    func appChanged() {
        scheduled.withLock { _ in }
    }

    /// Blocks while a scheduled restart is outstanding or `inTransition()` holds, until `deadline`; true when
    /// the app settled. `inTransition` is evaluated under the gate's lock and must not block.
    func waitUntilSettled(deadline: Date, inTransition: () -> Bool) -> Bool {
        scheduled.wait(until: deadline) { $0 == 0 && !inTransition() }
    }
}
