import Foundation

/// Fires a closure once at a deadline unless cancelled first. A deadline, not a sleep: nothing waits on
/// it; it only resolves whatever is still waiting when time is up. It runs on a ``HarnessClock``, so a
/// deadline in a test can pass in virtual time.
public final class DeadlineTimer: Sendable {
    private let cancelTimer: @Sendable () -> Void

    public init(after delay: Duration, on clock: any HarnessClock = SystemHarnessClock(), _ fire: @escaping @Sendable () -> Void) {
        cancelTimer = clock.schedule(after: delay, fire)
    }

    public func cancel() {
        cancelTimer()
    }

    deinit {
        cancelTimer()
    }
}
