import Foundation

/// A value guarded by an NSLock (not `Synchronization.Mutex`, which TSan misreports on Linux: recipe G7).
///
/// `@unchecked Sendable` is sound because every access to `value` goes through `lock`.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
