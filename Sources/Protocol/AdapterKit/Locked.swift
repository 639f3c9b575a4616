import Foundation

/// A value guarded by a lock.
///
/// AdapterKit must build for an iOS test host as well as Linux, where `Synchronization.Mutex` needs newer
/// deployment targets than the package declares; an `NSLock` box works everywhere.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
