import Foundation

/// A value delivered at most once from any thread, awaited with a deadline by one blocked thread.
///
/// Used to wait for the app's completion handlers (tokens, add-account) on the SDK's work queue and for
/// `deRegisterAndUnenrollAccountId` to wait for its token. A late delivery after the waiter gave up is
/// ignored.
final class OneShot<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private let semaphore = DispatchSemaphore(value: 0)
    private var value: Value?
    private var delivered = false

    /// Delivers `value`; only the first call counts.
    func fulfil(_ newValue: Value) {
        lock.lock()
        guard !delivered else {
            lock.unlock()
            return
        }
        delivered = true
        value = newValue
        lock.unlock()
        semaphore.signal()
    }

    /// Blocks until delivery or `timeout` seconds; nil on timeout.
    func wait(timeout: TimeInterval) -> Value? {
        _ = semaphore.wait(timeout: .now() + timeout)
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
