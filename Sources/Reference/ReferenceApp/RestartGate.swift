import Foundation
import Locking

/// Keeps runner actions and the app's own restarts out of each other's way.
///
/// A restart the app scheduled itself (`restartApplication` returned true) or the SDK's relaunch leaves a
/// window in which the old app instance is still reachable but its SDK runtime is, or is about to be,
/// terminated: a runner action handled then would reach a dead runtime and be dropped. On a real device such
/// an action would reach the new process, so an action waits here until the new instance is in place.
///
/// The other way round, an action that began before the app scheduled its restart (the runner saw the first
/// policy's status, which the SDK reports before it asks the app to restart) holds the old instance until it
/// is answered: the scheduled restart waits for it. Replaced under it, the action's last writes (a file's
/// owner recorded with the SDK) would go to a runtime that is gone, after its successor read the SDK's state.
final class RestartGate: Sendable {
    private struct Gate {
        /// Self-restarts scheduled and not yet run.
        var scheduled = 0
        /// Runner actions holding the running instance.
        var actions = 0
    }

    private let gate = Locked(Gate())

    /// A self-restart was scheduled; actions wait until ``restartFinished()``.
    func restartScheduled() {
        gate.withLock { $0.scheduled += 1 }
    }

    /// The scheduled restart ran (or was skipped).
    func restartFinished() {
        gate.withLock { $0.scheduled = max(0, $0.scheduled - 1) }
    }

    /// The running app changed (a new instance, or none after shutdown): waiters re-check.
    func appChanged() {
        gate.withLock { _ in }
    }

    /// An action begins: blocks while a scheduled restart is outstanding or `inTransition()` holds, until
    /// `deadline`, then holds the running instance until ``actionEnded()`` (also after a timeout, so the two
    /// always pair). True when the app settled. `inTransition` is evaluated under the gate's lock and must not
    /// block.
    func actionBegins(deadline: Date, inTransition: () -> Bool) -> Bool {
        let settled = gate.wait(until: deadline) { gate -> Bool? in
            guard gate.scheduled == 0, !inTransition() else { return nil }
            gate.actions += 1
            return true
        }
        if settled == nil { gate.withLock { $0.actions += 1 } }
        return settled != nil
    }

    /// The action that began in ``actionBegins(deadline:inTransition:)`` was answered.
    func actionEnded() {
        gate.withLock { $0.actions = max(0, $0.actions - 1) }
    }

    /// Blocks a scheduled restart until no action holds the running instance, or until `deadline`; true when
    /// none does. New actions already wait for the restart, so this ends once the ones under way are answered.
    func waitForActions(deadline: Date) -> Bool {
        gate.wait(until: deadline) { $0.actions == 0 }
    }
}
