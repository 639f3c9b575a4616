import Foundation

/// A value delivered once from any thread and awaited, with a deadline, by any number of threads.
///
/// Used wherever one thread waits for another's answer: the SDK waiting for the app's completion handlers (tokens,
/// add-account) and a deregistration for its token; a runner request waiting for an SDK completion (a launch, an
/// identity switch, a hand-off) reported on the SDK's queue. Every waiter wakes at delivery; a late delivery after
/// the waiters gave up is kept but no longer awaited.
public final class Latch<Value: Sendable>: Sendable {
    private let box = Locked<Value?>(nil)

    public init() {}

    /// Delivers the value; later calls are ignored.
    public func fulfil(_ newValue: Value) {
        box.withLock { value in
            if value == nil { value = newValue }
        }
    }

    /// The value once delivered, or nil when `deadline` passes first.
    public func wait(until deadline: Date) -> Value? {
        box.wait(until: deadline) { $0 }
    }

    /// The value if already delivered.
    public var current: Value? { box.read { $0 } }
}
