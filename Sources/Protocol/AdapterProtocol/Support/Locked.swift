import Foundation

/// A `Sendable` value guarded by a lock, shared by every module that speaks the protocol (AdapterKit, the
/// reference app).
///
/// An `NSLock` box rather than `Synchronization.Mutex`, because AdapterKit must build for an iOS test host,
/// where `Mutex` needs newer deployment targets than the package declares. Values must be `Sendable`: what
/// leaves `withLock` may cross threads.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value. Never call out to other components inside it.
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
