import Foundation
import Locking

/// A value delivered once from any thread and awaited, with a deadline, by any number of threads.
///
/// Used for SDK completions a runner request waits for (a launch, an identity switch, a hand-off): the SDK
/// reports on its own queue while the request waits on the handler queue. Every waiter wakes at delivery.
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
