import Foundation
import Locking

/// A clock whose time moves only when told to, for running days of SDK life in a test.
///
/// ``advance(by:idleTimeout:)`` fires due timers one at a time in deadline order, setting `now` to each
/// timer's deadline before firing it and waiting (through the idle waiter) until the work it started is
/// finished before firing the next; timers scheduled by that work fire in the same advance when due.
/// Work scheduled for a time not after `now` runs at the next advance (even `advance(by: 0)`).
public final class VirtualClock: MAMClock, Sendable {
    /// Waits until the work started by a fired timer is idle; returns false when `deadline` passed first.
    public typealias IdleWaiter = @Sendable (_ deadline: DispatchTime) -> Bool

    private struct Entry {
        let id: UInt64
        let due: Date
        let work: @Sendable () -> Void
    }

    private struct State {
        var current: Date
        var entries: [Entry] = []
        var nextId: UInt64 = 0
        var idleWaiter: IdleWaiter?
        /// True while an advance runs: advances are serialised, so two callers never interleave timer firing.
        var advancing = false
    }

    private let state: Locked<State>

    /// - Parameters:
    ///   - now: the starting time.
    ///   - idleWaiter: how to wait for the SDK after each fired timer, e.g. `tracker.waitUntilIdle`.
    public init(now: Date, idleWaiter: IdleWaiter? = nil) {
        state = Locked(State(current: now, idleWaiter: idleWaiter))
    }

    /// Convenience: waits on `workTracker` after each fired timer.
    public convenience init(now: Date, workTracker: MAMWorkTracker) {
        self.init(now: now, idleWaiter: { deadline in workTracker.waitUntilIdle(deadline: deadline) })
    }

    /// Replaces the idle waiter (for apps that create the clock before the runtime).
    public func setIdleWaiter(_ waiter: IdleWaiter?) {
        state.withLock { $0.idleWaiter = waiter }
    }

    public var now: Date { state.read(\.current) }

    /// Deadlines of the timers not fired or cancelled yet, earliest first (for tests and diagnostics).
    public var pendingDeadlines: [Date] { state.read { $0.entries.map(\.due).sorted() } }

    public func schedule(at date: Date, _ work: @escaping @Sendable () -> Void) -> MAMTimer {
        let id = state.withLock { state in
            state.nextId += 1
            state.entries.append(Entry(id: state.nextId, due: date, work: work))
            return state.nextId
        }
        return MAMTimer { [weak self] in self?.remove(id) }
    }

    /// Moves time forward by `seconds`, firing every timer that becomes due, in order. Blocks the caller
    /// (never call it from the Swift concurrency pool). Returns false if waiting for idle after some
    /// timer exceeded `idleTimeout`; time still reaches the target.
    @discardableResult
    public func advance(by seconds: TimeInterval, idleTimeout: TimeInterval = 60) -> Bool {
        // Wait for any advance under way, then claim the clock and fix the target, in one step.
        let target = state.wait(until: .distantFuture) { state -> Date? in
            guard !state.advancing else { return nil }
            state.advancing = true
            return state.current.addingTimeInterval(max(0, seconds))
        }!
        var allIdle = true
        while let next = takeNextDue(notAfter: target) {
            next.entry.work()
            if let waiter = next.waiter, !waiter(.now() + idleTimeout) { allIdle = false }
        }
        state.withLock { state in
            if state.current < target { state.current = target }
            state.advancing = false
        }
        return allIdle
    }

    /// Removes the earliest timer due at or before `target` (ties: scheduling order) and moves `now` to it.
    private func takeNextDue(notAfter target: Date) -> (entry: Entry, waiter: IdleWaiter?)? {
        state.withLock { state in
            var best: Int?
            for (index, entry) in state.entries.enumerated() where entry.due <= target {
                if let b = best {
                    let other = state.entries[b]
                    if entry.due < other.due || (entry.due == other.due && entry.id < other.id) { best = index }
                } else {
                    best = index
                }
            }
            guard let index = best else { return nil }
            let entry = state.entries.remove(at: index)
            if state.current < entry.due { state.current = entry.due }
            return (entry, state.idleWaiter)
        }
    }

    private func remove(_ id: UInt64) {
        state.withLock { $0.entries.removeAll { $0.id == id } }
    }
}
