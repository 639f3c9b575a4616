import Foundation
import Locking

/// The time source and timer service of the SDK.
///
/// The SDK's 24-hour retry and 8-hour check-in timers go only through this abstraction, so a harness
/// can run days of SDK life in milliseconds with a ``VirtualClock`` while production-like runs use the
/// ``SystemClock``.
public protocol MAMClock: AnyObject, Sendable {
    /// The current time on this clock.
    var now: Date { get }
    /// Runs `work` once, at `date` or as soon as possible after it. `work` must return quickly (the
    /// SDK only enqueues onto its own queue from it). Cancel through the returned timer.
    func schedule(at date: Date, _ work: @escaping @Sendable () -> Void) -> MAMTimer
}

/// A handle to one scheduled piece of work; cancelling is idempotent and safe from any thread.
public final class MAMTimer: Sendable {
    private let onCancel: Locked<(@Sendable () -> Void)?>

    /// - Parameter cancel: called at most once, by the first ``cancel()``.
    public init(cancel: @escaping @Sendable () -> Void) {
        onCancel = Locked(cancel)
    }

    /// Prevents the work from running if it has not started yet.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }
}
