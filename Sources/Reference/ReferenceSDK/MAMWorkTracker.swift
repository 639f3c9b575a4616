import Foundation

/// Counts SDK work that is queued or running, and lets a caller wait until there is none.
///
/// A harness needs to know when every effect of an action has happened ("sync", and a virtual clock
/// advancing past a timer). One tracker may be shared by several runtimes (an app and its relaunches)
/// and by a ``VirtualClock`` so that "idle" spans a restart. Waiting uses a condition variable, never
/// polling.
public final class MAMWorkTracker: @unchecked Sendable {
    private let condition = NSCondition()
    private var outstanding = 0

    public init() {}

    /// Records that one unit of work was queued.
    public func enter() {
        condition.lock()
        outstanding += 1
        condition.unlock()
    }

    /// Records that one unit of work finished.
    public func leave() {
        condition.lock()
        outstanding -= 1
        precondition(outstanding >= 0, "MAMWorkTracker.leave() without enter()")
        if outstanding == 0 { condition.broadcast() }
        condition.unlock()
    }

    /// True when no work is queued or running.
    public var isIdle: Bool {
        condition.lock()
        defer { condition.unlock() }
        return outstanding == 0
    }

    /// Blocks until no work is queued or running, or until `deadline`. Returns true when idle.
    /// Never call from the Swift concurrency pool.
    public func waitUntilIdle(deadline: DispatchTime) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while outstanding > 0 {
            let nowNanos = DispatchTime.now().uptimeNanoseconds
            guard deadline.uptimeNanoseconds > nowNanos else { return false }
            let remaining = Double(deadline.uptimeNanoseconds - nowNanos) / 1_000_000_000
            _ = condition.wait(until: Date(timeIntervalSinceNow: remaining))
        }
        return true
    }
}
