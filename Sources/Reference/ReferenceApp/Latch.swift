import Foundation

/// A value delivered once from any thread and awaited, with a deadline, by any number of threads.
///
/// Used for "the launch finished": the SDK reports it on its work queue while the runner's request waits
/// on the handler queue. A semaphore-free condition, so every waiter wakes, never by polling.
final class Latch<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value?

    /// Delivers the value; later calls are ignored.
    func fulfil(_ newValue: Value) {
        condition.lock()
        if value == nil {
            value = newValue
            condition.broadcast()
        }
        condition.unlock()
    }

    /// The value once delivered, or nil when `deadline` passes first.
    func wait(until deadline: Date) -> Value? {
        condition.lock()
        defer { condition.unlock() }
        while value == nil {
            if !condition.wait(until: deadline) { break }
        }
        return value
    }

    /// The value if already delivered.
    var current: Value? {
        condition.lock()
        defer { condition.unlock() }
        return value
    }
}
