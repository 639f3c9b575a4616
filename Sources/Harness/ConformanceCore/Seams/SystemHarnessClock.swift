import Foundation

/// Real time: the continuous clock, `Task.sleep` and dispatch timers.
public struct SystemHarnessClock: HarnessClock {
    public init() {}

    public func now() -> ContinuousClock.Instant { .now }

    public func wallNow() -> Date { Date() }

    public func sleep(for duration: Duration) async throws {
        // `Task.sleep` already ends with CancellationError when the task is cancelled.
        try await Task.sleep(for: max(duration, .zero))
    }

    public func schedule(after delay: Duration, _ fire: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        let nanoseconds = max(delay, .zero) / .nanoseconds(1)
        source.schedule(deadline: .now() + .nanoseconds(Int(min(nanoseconds, Double(Int64.max / 2)))))
        source.setEventHandler(handler: fire)
        source.resume()
        let timer = TimerSource(source)
        return { timer.cancel() }
    }
}

/// A dispatch timer handed to the cancel closure.
private final class TimerSource: @unchecked Sendable {
    // Unchecked because DispatchSourceTimer is not marked Sendable; its cancel() is documented as thread-safe
    // and the reference never changes after init.
    private let source: any DispatchSourceTimer

    init(_ source: any DispatchSourceTimer) { self.source = source }

    func cancel() { source.cancel() }
}
