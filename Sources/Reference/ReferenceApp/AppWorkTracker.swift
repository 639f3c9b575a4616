import Foundation
import ReferenceSDK

/// Counts app-level work that runs outside the SDK's queue (restarts the app scheduled itself), and
/// combines it with the SDK's tracker into one "the integration is idle" wait.
///
/// Kept apart from the SDK's tracker on purpose: a scheduled restart must wait until the SDK callback that
/// asked for it has returned (the SDK may still act after `restartApplication` returns), which it could not
/// do if its own work were counted in the tracker it waits on.
final class AppWorkTracker: @unchecked Sendable {
    private let condition = NSCondition()
    private var outstanding = 0
    /// Bumped at every enter and leave, so a waiter can tell that nothing happened while it looked away.
    private var version: UInt64 = 0

    func enter() {
        condition.lock()
        outstanding += 1
        version &+= 1
        condition.unlock()
    }

    func leave() {
        condition.lock()
        outstanding -= 1
        precondition(outstanding >= 0, "AppWorkTracker.leave() without enter()")
        version &+= 1
        if outstanding == 0 { condition.broadcast() }
        condition.unlock()
    }

    /// Waits until no app work is outstanding; returns the version seen at that moment, nil on timeout.
    private func waitForIdleVersion(deadline: Date) -> UInt64? {
        condition.lock()
        defer { condition.unlock() }
        while outstanding > 0 {
            if !condition.wait(until: deadline) && outstanding > 0 { return nil }
        }
        return version
    }

    private var currentVersion: UInt64 {
        condition.lock()
        defer { condition.unlock() }
        return version
    }

    /// Blocks until neither the app nor the SDK has work, at the same moment, or until `deadline`.
    ///
    /// App work starts SDK work (a relaunch) and SDK work starts app work (a restart the app agreed to), so
    /// the two counters are checked in a loop: if the app counter did not change (same version) while the
    /// SDK became idle, both were zero together.
    func waitUntilIdle(with sdkWork: MAMWorkTracker, deadline: Date) -> Bool {
        while true {
            guard let seen = waitForIdleVersion(deadline: deadline) else { return false }
            let remaining = max(0, deadline.timeIntervalSinceNow)
            guard sdkWork.waitUntilIdle(deadline: .now() + remaining) else { return false }
            if currentVersion == seen { return true }
        }
    }
}
