import Foundation

/// The harness's one notion of time: a monotonic reading for durations and deadlines, the wall time for report
/// timestamps, and the waits the runner itself makes (the backend registration poll, the Graph client's backoff).
///
/// A seam so every wait the harness makes can run in virtual time (``VirtualHarnessClock``: a test of a poll that
/// a real service answers minutes later finishes in milliseconds), and so report timestamps can be pinned. Waiting
/// ends on Task cancellation: an interrupted run cancels its cases, and a case that was waiting stops at once.
public protocol HarnessClock: Sendable {
    /// The monotonic now: every duration and deadline of the harness is measured on it.
    func now() -> ContinuousClock.Instant
    /// The wall time, for report timestamps only (it may jump; nothing is measured on it).
    func wallNow() -> Date
    /// Waits `duration`. Throws `CancellationError` as soon as the calling task is cancelled.
    func sleep(for duration: Duration) async throws
    /// Calls `fire` once `delay` has passed, unless the returned cancel is called first. A deadline, not a
    /// wait: nothing blocks on it; it only resolves whatever still waits when time is up (``DeadlineTimer``).
    func schedule(after delay: Duration, _ fire: @escaping @Sendable () -> Void) -> @Sendable () -> Void
}

extension HarnessClock {
    /// The time passed since `start`, on this clock.
    public func elapsed(since start: ContinuousClock.Instant) -> Duration {
        now() - start
    }
}
