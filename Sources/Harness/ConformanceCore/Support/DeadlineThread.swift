import AdapterProtocol
import Foundation
import HeapModule
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fires callbacks at deadlines on the monotonic clock, from one thread of its own that sleeps until the earliest.
///
/// Every request the runner sends an integration carries a deadline that is almost never reached: the answer comes
/// in milliseconds and the deadline is cancelled. A dispatch timer per request armed and disarmed libdispatch's timer
/// thread twice per request, two thread wake-ups each time, about twenty per case (issue 30). Here a new deadline
/// wakes the thread only when it is earlier than the one the thread sleeps towards, which a request's timeout, later
/// than every deadline already set with the same timeout, almost never is; a cancelled deadline is only marked, and
/// dropped when it comes up or when cancelled ones outnumber the rest.
///
/// Callbacks run on this thread, one after another: they must not block (resuming a continuation, ending a
/// process). One instance serves the process (``shared``); its thread starts with the first deadline and lives
/// as long as the process, as the timer thread of libdispatch does.
public final class DeadlineThread: Sendable {
    /// The process's deadline thread.
    public static let shared = DeadlineThread()

    private struct Due: Comparable {
        var deadline: ContinuousClock.Instant
        var id: UInt64
        static func < (lhs: Due, rhs: Due) -> Bool { (lhs.deadline, lhs.id) < (rhs.deadline, rhs.id) }
    }

    private struct State {
        var due = Heap<Due>()
        /// The callbacks of the deadlines not yet fired nor cancelled.
        var live: [UInt64: @Sendable () -> Void] = [:]
        var nextID: UInt64 = 0
        /// The deadline the thread sleeps towards; nil while it sleeps without one (or has not started).
        var sleepingUntil: ContinuousClock.Instant?
        var started = false
    }

    private let state = Mutex(State())
    /// A pipe whose write end wakes the thread early (an earlier deadline arrived); the thread drains the read end.
    private let wakeRead: Int32
    private let wakeWrite: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0, "cannot create the deadline thread's wake-up pipe: errno \(errno)")
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        (wakeRead, wakeWrite) = (ends[0], ends[1])
    }

    /// Calls `fire` on this thread once `deadline` has passed, unless the returned cancel is called first.
    /// Cancelling after the call, or twice, does nothing.
    public func schedule(at deadline: ContinuousClock.Instant, _ fire: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        let (id, start, poke) = state.withLock { state -> (UInt64, Bool, Bool) in
            let id = state.nextID
            state.nextID += 1
            state.live[id] = fire
            state.due.insert(Due(deadline: deadline, id: id))
            let start = !state.started
            state.started = true
            // The thread looks at the heap again before it sleeps, so only a sleeper towards a later deadline (or none)
            // needs waking.
            let poke = !start && state.sleepingUntil.map { deadline < $0 } ?? true
            return (id, start, poke)
        }
        if start {
            let thread = Thread { [self] in run() }
            thread.name = "mamconf.deadlines"
            thread.start()
        } else if poke {
            // A full pipe already holds a wake-up: a failed write loses nothing.
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
        }
        return { [self] in cancel(id) }
    }

    /// The number of deadlines neither fired nor cancelled (tests).
    var pending: Int { state.withLock { $0.live.count } }

    /// The number of deadlines stored, cancelled ones included (tests).
    var stored: Int { state.withLock { $0.due.count } }

    private func cancel(_ id: UInt64) {
        state.withLock { state in
            guard state.live.removeValue(forKey: id) != nil else { return }
            // Cancelled deadlines stay in the heap until they come up; when they are most of it, it is rebuilt from
            // the live ones, so a long run of requests answered at once does not grow it without bound.
            if state.due.count > 64 && state.due.count > 4 * state.live.count {
                state.due = Heap(state.due.unordered.filter { state.live[$0.id] != nil })
            }
        }
    }

    private func run() {
        while true {
            let (fired, next) = state.withLock { state -> ([@Sendable () -> Void], ContinuousClock.Instant?) in
                let now = ContinuousClock.now
                var fired: [@Sendable () -> Void] = []
                while let first = state.due.min, first.deadline <= now {
                    state.due.removeMin()
                    if let fire = state.live.removeValue(forKey: first.id) { fired.append(fire) }
                }
                while let first = state.due.min, state.live[first.id] == nil { state.due.removeMin() }
                state.sleepingUntil = state.due.min?.deadline
                return (fired, state.sleepingUntil)
            }
            for fire in fired { fire() }
            guard fired.isEmpty else { continue }
            var ready = pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, Self.milliseconds(until: next))
            if ready.revents != 0 {
                var drained = [UInt8](repeating: 0, count: 64)
                while read(wakeRead, &drained, drained.count) > 0 {}
            }
        }
    }

    /// `poll`'s timeout for a sleep until `deadline`: rounded up, so the thread never wakes just before it; -1 without one.
    static func milliseconds(until deadline: ContinuousClock.Instant?) -> Int32 {
        guard let deadline else { return -1 }
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return 0 }
        return Int32(min(left.inSeconds * 1000, Double(Int32.max)).rounded(.up))
    }
}
