import Foundation

/// A value delivered once from any thread and awaited, with a deadline, by any number of threads.
///
/// Used for SDK completions a runner request waits for (a launch, an identity switch, a hand-off): the SDK
/// reports on its own queue while the request waits on the handler queue. A semaphore-free condition, so every
/// waiter wakes, never by polling.
public final class Latch<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value?

    public init() {}

    /// Delivers the value; later calls are ignored.
    public func fulfil(_ newValue: Value) {
        condition.lock()
        if value == nil {
            value = newValue
            condition.broadcast()
        }
        condition.unlock()
    }

    /// The value once delivered, or nil when `deadline` passes first.
    public func wait(until deadline: Date) -> Value? {
        condition.lock()
        defer { condition.unlock() }
        while value == nil {
            if !condition.wait(until: deadline) { break }
        }
        return value
    }

    /// The value if already delivered.
    public var current: Value? {
        condition.lock()
        defer { condition.unlock() }
        return value
    }
}
