@testable import ConformanceCore
import Foundation
import Synchronization
import Testing

/// The process's deadline thread: a deadline fires once, never before its time, in order with the others; a
/// cancelled one never fires and does not stay stored; an earlier deadline wakes a thread asleep towards a later one.
/// Each test uses a thread of its own, and waits for events with a deadline, never for time to pass.
@Suite(.timeLimit(.minutes(1))) struct DeadlineThreadTests {
    /// What fired, with the time it fired.
    final class Firings: Sendable {
        private let items = Mutex<[(String, ContinuousClock.Instant)]>([])
        private let signal = DispatchSemaphore(value: 0)
        func fire(_ name: String) -> @Sendable () -> Void {
            { [self] in
                items.withLock { $0.append((name, .now)) }
                signal.signal()
            }
        }
        /// Waits until `count` have fired in all, at most 10 s; true when they did.
        func wait(for count: Int) -> Bool {
            let deadline = DispatchTime.now() + 10
            while items.withLock({ $0.count }) < count {
                if signal.wait(timeout: deadline) == .timedOut { return false }
            }
            return true
        }
        var names: [String] { items.withLock { $0.map(\.0) } }
        func time(of name: String) -> ContinuousClock.Instant? { items.withLock { $0.first { $0.0 == name }?.1 } }
    }

    @Test func aDeadlineFiresOnceAndNoSoonerThanItsTime() throws {
        let thread = DeadlineThread(), firings = Firings()
        let deadline = ContinuousClock.now + .milliseconds(30)
        let cancel = thread.schedule(at: deadline, firings.fire("due"))
        try #require(firings.wait(for: 1))
        #expect(try #require(firings.time(of: "due")) >= deadline)
        cancel()
        #expect(firings.names == ["due"])
        #expect(thread.pending == 0)
    }

    @Test func aCancelledDeadlineNeverFires() throws {
        let thread = DeadlineThread(), firings = Firings()
        let start = ContinuousClock.now
        let cancel = thread.schedule(at: start + .milliseconds(20), firings.fire("cancelled"))
        cancel()
        cancel()
        // Deadlines fire in order, so once the later one has fired the cancelled one would have too.
        _ = thread.schedule(at: start + .milliseconds(40), firings.fire("later"))
        try #require(firings.wait(for: 1))
        #expect(firings.names == ["later"])
        #expect(thread.pending == 0)
    }

    @Test func anEarlierDeadlineWakesTheThreadAsleepTowardsALaterOne() throws {
        let thread = DeadlineThread(), firings = Firings()
        let far = thread.schedule(at: .now + .seconds(600), firings.fire("far"))
        defer { far() }
        // Let the thread go to sleep towards the far deadline first: it starts with it.
        _ = thread.schedule(at: .now + .milliseconds(10), firings.fire("near"))
        try #require(firings.wait(for: 1), "the near deadline waited for the far one")
        _ = thread.schedule(at: .now + .milliseconds(10), firings.fire("nearer still"))
        try #require(firings.wait(for: 2), "the thread did not wake for a deadline set while it slept")
        #expect(firings.names == ["near", "nearer still"])
    }

    @Test func deadlinesFireInTheOrderOfTheirTimesWhateverOrderTheyWereSetIn() throws {
        let thread = DeadlineThread(), firings = Firings()
        let start = ContinuousClock.now
        let offsets = [35, 5, 20, 50, 10, 45, 0, 25, 15, 40, 30]
        for offset in offsets {
            _ = thread.schedule(at: start + .milliseconds(offset), firings.fire(String(offset)))
        }
        try #require(firings.wait(for: offsets.count))
        #expect(firings.names == offsets.sorted().map(String.init))
    }

    @Test func cancelledDeadlinesAreNotKeptUntilTheirTime() {
        let thread = DeadlineThread(), firings = Firings()
        // As a run sets them: each request's timeout, cancelled when the answer comes a moment later.
        for index in 0..<10_000 {
            let cancel = thread.schedule(at: .now + .seconds(600), firings.fire("request \(index)"))
            cancel()
        }
        #expect(thread.pending == 0)
        #expect(thread.stored <= 65)
        #expect(firings.names.isEmpty)
    }

    @Test("poll's timeout is rounded up to the next millisecond", arguments: [
        // (time left in microseconds, nil for no deadline; expected timeout in milliseconds)
        (nil, -1), (-5_000, 0), (0, 0), (1, 1), (1_000_001, 1_001),
    ] as [(Int?, Int32)])
    func pollTimeout(left: Int?, expected: Int32) {
        // Measured from a moment before the call, so the time left when it runs is a little less: never more.
        let deadline = left.map { ContinuousClock.now + .microseconds($0) }
        let timeout = DeadlineThread.milliseconds(until: deadline)
        if let left, left > 0 {
            #expect(timeout <= expected && timeout >= expected - 1)
        } else {
            #expect(timeout == expected)
        }
    }
}
