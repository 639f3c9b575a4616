import Foundation

/// Holds runner requests back while the app is between two instances.
///
/// A restart the app scheduled itself (`restartApplication` returned true) or the SDK's relaunch leaves a
/// window in which the old app instance is still reachable but its SDK runtime is, or is about to be,
/// terminated: a runner request handled then would reach a dead runtime and be dropped. On a real device
/// such a request would reach the new process, so the bridge waits here until the new instance is in place.
/// A condition variable, never polling; every change of what the waiters check is signalled under its lock.
final class RestartGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var scheduled = 0

    /// A self-restart was scheduled; requests wait until ``restartFinished()``.
    func restartScheduled() {
        condition.lock()
        scheduled += 1
        condition.unlock()
    }

    /// The scheduled restart ran (or was skipped).
    func restartFinished() {
        condition.lock()
        scheduled = max(0, scheduled - 1)
        condition.broadcast()
        condition.unlock()
    }

    /// The running app changed (a new instance, or none after shutdown): waiters re-check.
    func appChanged() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks while a scheduled restart is outstanding or `inTransition()` holds, until `deadline`; true when
    /// the app settled. `inTransition` is evaluated under the gate's lock and must not block.
    func waitUntilSettled(deadline: Date, inTransition: () -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while scheduled > 0 || inTransition() {
            if !condition.wait(until: deadline) { return scheduled == 0 && !inTransition() }
        }
        return true
    }
}
