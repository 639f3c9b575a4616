import Foundation

/// Fires a closure once at a deadline unless cancelled first. A deadline, not a sleep: nothing waits on
/// it; it only resolves whatever is still waiting when time is up.
public final class DeadlineTimer: @unchecked Sendable {
    // Unchecked because DispatchSourceTimer is not marked Sendable; its cancel() is documented as
    // thread-safe and the reference itself never changes after init.
    private let source: any DispatchSourceTimer

    public init(after seconds: Double, _ fire: @escaping @Sendable () -> Void) {
        source = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        source.schedule(deadline: .now() + max(0, seconds))
        source.setEventHandler(handler: fire)
        source.resume()
    }

    public func cancel() {
        source.cancel()
    }

    deinit {
        source.cancel()
    }
}
