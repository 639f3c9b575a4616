import Foundation

/// A clock whose time moves only when told to, for running days of SDK life in a test.
///
/// ``advance(by:idleTimeout:)`` fires due timers one at a time in deadline order, setting `now` to each
/// timer's deadline before firing it and waiting (through the idle waiter) until the work it started is
/// finished before firing the next; timers scheduled by that work fire in the same advance when due.
/// Work scheduled for a time not after `now` runs at the next advance (even `advance(by: 0)`).
public final class VirtualClock: MAMClock, @unchecked Sendable {
    /// Waits until the work started by a fired timer is idle; returns false when `deadline` passed first.
    public typealias IdleWaiter = @Sendable (_ deadline: DispatchTime) -> Bool

    private struct Entry {
        let id: UInt64
        let due: Date
        let work: @Sendable () -> Void
    }

    private let lock = NSLock()
    /// Serialises advances, so two callers never interleave timer firing.
    private let advanceLock = NSLock()
    private var current: Date
    private var entries: [Entry] = []
    private var nextId: UInt64 = 0
    private var idleWaiter: IdleWaiter?

    /// - Parameters:
    ///   - now: the starting time.
    ///   - idleWaiter: how to wait for the SDK after each fired timer, e.g. `tracker.waitUntilIdle`.
    public init(now: Date, idleWaiter: IdleWaiter? = nil) {
        current = now
        self.idleWaiter = idleWaiter
    }

    /// Convenience: waits on `workTracker` after each fired timer.
    public convenience init(now: Date, workTracker: MAMWorkTracker) {
        self.init(now: now, idleWaiter: { deadline in workTracker.waitUntilIdle(deadline: deadline) })
    }

    /// Replaces the idle waiter (for apps that create the clock before the runtime).
    public func setIdleWaiter(_ waiter: IdleWaiter?) {
        lock.lock()
        idleWaiter = waiter
        lock.unlock()
    }

    public var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// Deadlines of the timers not fired or cancelled yet, earliest first (for tests and diagnostics).
    public var pendingDeadlines: [Date] {
        lock.lock()
        defer { lock.unlock() }
        return entries.map(\.due).sorted()
    }

    public func schedule(at date: Date, _ work: @escaping @Sendable () -> Void) -> MAMTimer {
        lock.lock()
        nextId += 1
        let id = nextId
        entries.append(Entry(id: id, due: date, work: work))
        lock.unlock()
        return MAMTimer { [weak self] in self?.remove(id) }
    }

    /// Moves time forward by `seconds`, firing every timer that becomes due, in order. Blocks the caller
    /// (never call it from the Swift concurrency pool). Returns false if waiting for idle after some
    /// timer exceeded `idleTimeout`; time still reaches the target.
    @discardableResult
    public func advance(by seconds: TimeInterval, idleTimeout: TimeInterval = 60) -> Bool {
        advanceLock.lock()
        defer { advanceLock.unlock() }
        let target = now.addingTimeInterval(max(0, seconds))
        var allIdle = true
        while let next = takeNextDue(notAfter: target) {
            next.entry.work()
            if let waiter = next.waiter, !waiter(.now() + idleTimeout) { allIdle = false }
        }
        lock.lock()
        if current < target { current = target }
        lock.unlock()
        return allIdle
    }

    /// Removes the earliest timer due at or before `target` (ties: scheduling order) and moves `now` to it.
    private func takeNextDue(notAfter target: Date) -> (entry: Entry, waiter: IdleWaiter?)? {
        lock.lock()
        defer { lock.unlock() }
        var best: Int?
        for (index, entry) in entries.enumerated() where entry.due <= target {
            if let b = best {
                let other = entries[b]
                if entry.due < other.due || (entry.due == other.due && entry.id < other.id) { best = index }
            } else {
                best = index
            }
        }
        guard let index = best else { return nil }
        let entry = entries.remove(at: index)
        if current < entry.due { current = entry.due }
        return (entry, idleWaiter)
    }

    private func remove(_ id: UInt64) {
        lock.lock()
        entries.removeAll { $0.id == id }
        lock.unlock()
    }
}
