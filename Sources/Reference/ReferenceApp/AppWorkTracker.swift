import Foundation
import Locking
import ReferenceSDK

/// Counts app-level work that runs outside the SDK's queue (restarts the app scheduled itself), and
/// combines it with the SDK's tracker into one "the integration is idle" wait.
///
/// Kept apart from the SDK's tracker on purpose: a scheduled restart must wait until the SDK callback that
/// asked for it has returned (the SDK may still act after `restartApplication` returns), which it could not
/// do if its own work were counted in the tracker it waits on.
final class AppWorkTracker: Sendable {
    private struct Count: Sendable {
        var outstanding = 0
        /// Bumped at every enter and leave, so a waiter can tell that nothing happened while it looked away.
        var version: UInt64 = 0
    }

    private let count = Locked(Count())

    func enter() {
        count.withLock { count in
            count.outstanding += 1
            count.version &+= 1
        }
    }

    func leave() {
        count.withLock { count in
            count.outstanding -= 1
            precondition(count.outstanding >= 0, "AppWorkTracker.leave() without enter()")
            count.version &+= 1
        }
    }

    /// Runs `work` on `queue`, counted from now until it returns, so `sync` waits for it: how the app does what a
    /// notification arriving on the SDK's queue asks of it.
    func async(on queue: DispatchQueue, _ work: @escaping @Sendable () -> Void) {
        enter()
        queue.async { [self] in
            defer { leave() }
            work()
        }
    }

    /// Blocks until neither the app nor the SDK has work, at the same moment, or until `deadline`.
    ///
    /// App work starts SDK work (a relaunch) and SDK work starts app work (a restart the app agreed to), so
    /// the two counters are checked in a loop: if the app counter did not change (same version) while the
    /// SDK became idle, both were zero together.
    func waitUntilIdle(with sdkWork: MAMWorkTracker, deadline: Date) -> Bool {
        while true {
            guard let seen = count.wait(until: deadline, for: { $0.outstanding == 0 ? $0.version : nil }) else { return false }
            let remaining = max(0, deadline.timeIntervalSinceNow)
            guard sdkWork.waitUntilIdle(deadline: .now() + remaining) else { return false }
            if count.read(\.version) == seen { return true }
        }
    }
}
