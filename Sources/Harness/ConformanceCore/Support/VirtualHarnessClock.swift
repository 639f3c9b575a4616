import Foundation
import Synchronization

/// A ``HarnessClock`` whose time moves only when a test advances it, for testing the harness's own waits
/// (the registration poll, the Graph backoff) without waiting them.
///
/// Nothing here sleeps for real. ``advance(by:)`` moves time forward and then wakes every sleeper and fires every
/// timer whose deadline it passed, in deadline order (ties: the order they began waiting). A sleep of zero or less
/// returns at once; a cancelled task's sleep ends with `CancellationError`, and its deadline is forgotten.
/// ``waitForSleepers(_:)`` lets a test wait until the code under test is waiting, so it knows when to advance.
public final class VirtualHarnessClock: HarnessClock {
    private enum Wake {
        case sleeper(CheckedContinuation<Void, any Error>)
        case timer(@Sendable () -> Void)
    }

    private struct Entry {
        let id: UInt64
        let due: Duration
        let wake: Wake
    }

    private struct Watcher {
        let id: UInt64
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        /// Virtual time passed since the clock was made.
        var elapsed: Duration = .zero
        var entries: [Entry] = []
        var nextId: UInt64 = 0
        /// Sleeps cancelled before they were entered (the cancellation handler ran first).
        var cancelled: Set<UInt64> = []
        var watchers: [Watcher] = []

        var sleepers: Int {
            entries.count { if case .sleeper = $0.wake { true } else { false } }
        }

        mutating func take() -> UInt64 {
            nextId += 1
            return nextId
        }

        /// Removes and returns the watchers whose count of sleepers is reached.
        mutating func satisfiedWatchers() -> [Watcher] {
            let count = sleepers
            let ready = watchers.filter { $0.count <= count }
            watchers.removeAll { $0.count <= count }
            return ready
        }
    }

    private let origin: ContinuousClock.Instant
    private let wallOrigin: Date
    private let state = Mutex(State())

    /// - Parameter wallStart: the wall time at the start (reports show it; pinned so they are stable).
    public init(wallStart: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        origin = .now
        wallOrigin = wallStart
    }

    /// How far the clock has been advanced since it was made.
    public var elapsed: Duration { state.withLock { $0.elapsed } }

    /// The deadlines of the sleepers and timers still waiting, as times since the clock was made, earliest first.
    public var pendingDeadlines: [Duration] { state.withLock { $0.entries.map(\.due).sorted() } }

    public func now() -> ContinuousClock.Instant { origin + elapsed }

    public func wallNow() -> Date {
        let elapsed = self.elapsed
        return wallOrigin.addingTimeInterval(elapsed / .seconds(1))
    }

    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        guard duration > .zero else { return }
        let (id, due) = state.withLock { state in (state.take(), state.elapsed + duration) }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (cancelled, watchers) = state.withLock { state -> (Bool, [Watcher]) in
                    if state.cancelled.remove(id) != nil { return (true, []) }
                    state.entries.append(Entry(id: id, due: due, wake: .sleeper(continuation)))
                    return (false, state.satisfiedWatchers())
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
                for watcher in watchers { watcher.continuation.resume() }
            }
        } onCancel: {
            let entry = state.withLock { state -> Entry? in
                guard let index = state.entries.firstIndex(where: { $0.id == id }) else {
                    // Not entered yet (or already woken, when this is harmless): the sleep ends as it enters.
                    state.cancelled.insert(id)
                    return nil
                }
                return state.entries.remove(at: index)
            }
            if case .sleeper(let continuation)? = entry?.wake { continuation.resume(throwing: CancellationError()) }
        }
    }

    public func schedule(after delay: Duration, _ fire: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        let id = state.withLock { state in
            let id = state.take()
            state.entries.append(Entry(id: id, due: state.elapsed + max(delay, .zero), wake: .timer(fire)))
            return id
        }
        return { [weak self] in self?.state.withLock { $0.entries.removeAll { $0.id == id } } }
    }

    /// Moves time forward by `duration`, then wakes the sleepers and fires the timers it passed, in deadline order.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [Entry] in
            state.elapsed += max(duration, .zero)
            let now = state.elapsed
            let due = state.entries.filter { $0.due <= now }
            state.entries.removeAll { $0.due <= now }
            return due.sorted { ($0.due, $0.id) < ($1.due, $1.id) }
        }
        for entry in due {
            switch entry.wake {
            case .sleeper(let continuation): continuation.resume()
            case .timer(let fire): fire()
            }
        }
    }

    /// Moves time to the earliest pending deadline (waking what waits for it); does nothing when none is pending.
    public func advanceToNextDeadline() {
        let step = state.withLock { state in state.entries.map(\.due).min().map { $0 - state.elapsed } }
        if let step { advance(by: step) }
    }

    /// Returns once at least `count` sleepers wait on this clock (or the calling task is cancelled), so a test
    /// advances time only when the code under test waits.
    public func waitForSleepers(_ count: Int = 1) async {
        let id = state.withLock { $0.take() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    if state.cancelled.remove(id) != nil || state.sleepers >= count { return true }
                    state.watchers.append(Watcher(id: id, count: count, continuation: continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let watcher = state.withLock { state -> Watcher? in
                guard let index = state.watchers.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return state.watchers.remove(at: index)
            }
            watcher?.continuation.resume()
        }
    }
}
