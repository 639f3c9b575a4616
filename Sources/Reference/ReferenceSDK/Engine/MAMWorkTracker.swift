import Foundation
import Locking

/// Counts SDK work that is queued or running, and lets a caller wait until there is none.
///
/// A harness needs to know when every effect of an action has happened ("sync", and a virtual clock
/// advancing past a timer). One tracker may be shared by several runtimes (an app and its relaunches)
/// and by a ``VirtualClock`` so that "idle" spans a restart.
public final class MAMWorkTracker: Sendable {
    private let outstanding = Locked(0)

    public init() {}

    /// Records that one unit of work was queued.
    public func enter() {
        outstanding.withLock { $0 += 1 }
    }

    /// Records that one unit of work finished.
    public func leave() {
        outstanding.withLock { count in
            count -= 1
            precondition(count >= 0, "MAMWorkTracker.leave() without enter()")
        }
    }

    /// True when no work is queued or running.
    public var isIdle: Bool { outstanding.read { $0 == 0 } }

    /// Blocks until no work is queued or running, or until `deadline`. Returns true when idle.
    /// Never call from the Swift concurrency pool.
    public func waitUntilIdle(deadline: DispatchTime) -> Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        let remaining = deadline.uptimeNanoseconds > now ? Double(deadline.uptimeNanoseconds - now) / 1_000_000_000 : 0
        return outstanding.wait(until: Date(timeIntervalSinceNow: remaining)) { $0 == 0 }
    }
}
