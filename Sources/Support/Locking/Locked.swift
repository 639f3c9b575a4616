import Foundation

/// The one lock box of everything that runs beside an SDK (AdapterKit, the IntuneBinding, the reference app and
/// its simulated SDK): a `Sendable` value behind a lock, whose changes wake the threads waiting for a condition
/// on it.
///
/// Those parts share state across plain threads (an SDK's queues, the app's queues, the runner's handler
/// thread); blocking waits never touch the Swift concurrency pool. One primitive keeps the rules in one place:
/// state is read and changed only inside ``withLock(_:)``, and waiting is a condition re-checked after every
/// change, with a deadline, never polling. The value must be `Sendable` because what leaves `withLock` crosses
/// threads. An `NSCondition` rather than `Synchronization.Mutex` (which the harness core uses), because AdapterKit
/// must build for an iOS test host, where `Mutex` needs newer deployment targets than the package declares.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value; threads waiting on the box re-check their condition
    /// afterwards. `body` must not wait for another thread or use this box again.
    @discardableResult
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try body(&value)
    }

    /// Reads the value under the lock, without waking waiters (nothing changed).
    public func read<R>(_ body: (Value) throws -> R) rethrows -> R {
        condition.lock()
        defer { condition.unlock() }
        return try body(value)
    }

    /// Blocks until `claim` finds what it waits for in the value, or until `deadline`; nil on timeout.
    /// `claim` runs under the lock, at once and after every change; when it returns a result it may also have
    /// changed the value (taking what it waited for), atomically with the check. Never call from the
    /// concurrency pool.
    public func wait<Found>(until deadline: Date, for claim: (inout Value) -> Found?) -> Found? {
        condition.lock()
        defer { condition.unlock() }
        // Foundation's timed wait traps on a deadline it cannot convert (`.distantFuture`), so a deadline
        // beyond any run is an untimed wait.
        let untimed = deadline.timeIntervalSinceNow > Self.untimedBeyond
        while true {
            if let found = claim(&value) {
                condition.broadcast()
                return found
            }
            if untimed {
                condition.wait()
            } else if !condition.wait(until: deadline) {
                guard let found = claim(&value) else { return nil }
                condition.broadcast()
                return found
            }
        }
    }

    /// Deadlines further away than this (a year) wait without a timeout.
    private static var untimedBeyond: TimeInterval { 365 * 24 * 3600 }

    /// Blocks until `ready` holds or `deadline` passes; true when it holds.
    public func wait(until deadline: Date, for ready: (Value) -> Bool) -> Bool {
        wait(until: deadline) { ready($0) ? true : nil } ?? false
    }
}
