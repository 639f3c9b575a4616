import Foundation

/// Real time: the continuous clock, `Task.sleep`, and deadlines on the process's ``DeadlineThread``.
public struct SystemHarnessClock: HarnessClock {
    public init() {}

    public func now() -> ContinuousClock.Instant { .now }

    public func wallNow() -> Date { Date() }

    public func sleep(for duration: Duration) async throws {
        // `Task.sleep` already ends with CancellationError when the task is cancelled.
        try await Task.sleep(for: max(duration, .zero))
    }

    public func schedule(after delay: Duration, _ fire: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        DeadlineThread.shared.schedule(at: .now + max(delay, .zero), fire)
    }
}
