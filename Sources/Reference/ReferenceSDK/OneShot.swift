import Foundation
import Locking

/// A value delivered at most once from any thread, awaited with a deadline.
///
/// Used to wait for the app's completion handlers (tokens, add-account) on the SDK's work queue and for
/// `deRegisterAndUnenrollAccountId` to wait for its token. A late delivery after the waiter gave up is
/// ignored.
final class OneShot<Value: Sendable>: Sendable {
    private let box = Locked<Value?>(nil)

    /// Delivers `value`; only the first call counts.
    func fulfil(_ newValue: Value) {
        box.withLock { value in
            if value == nil { value = newValue }
        }
    }

    /// Blocks until delivery or `timeout` seconds; nil on timeout.
    func wait(timeout: TimeInterval) -> Value? {
        box.wait(until: Date(timeIntervalSinceNow: timeout)) { $0 }
    }
}
