import Foundation

/// A value guarded by a lock, for state touched from the runner's handler queue, the SDK's work queue and
/// restart threads alike (an `NSLock` box, so the module builds wherever Foundation does).
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value. Never call out to the SDK or the runner inside.
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
