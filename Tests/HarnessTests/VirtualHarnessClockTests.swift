import ConformanceCore
import Foundation
import Synchronization
import Testing

/// The harness's virtual clock: time moves only when advanced, sleepers wake when their deadline is passed,
/// cancellation ends a sleep, and deadlines (``DeadlineTimer``) fire in order on it.
@Suite(.timeLimit(.minutes(1))) struct VirtualHarnessClockTests {
    /// Records what happened, in order, across tasks.
    final class Log: Sendable {
        private let items = Mutex<[String]>([])
        func add(_ item: String) { items.withLock { $0.append(item) } }
        var all: [String] { items.withLock { $0 } }
    }

    @Test func timeMovesOnlyWhenAdvanced() {
        let start = Date(timeIntervalSince1970: 1_000_000)
        let clock = VirtualHarnessClock(wallStart: start)
        let before = clock.now()
        #expect(clock.now() == before)
        clock.advance(by: .milliseconds(2500))
        #expect(clock.now() - before == .milliseconds(2500))
        #expect(clock.wallNow() == start.addingTimeInterval(2.5))
        #expect(clock.elapsed == .milliseconds(2500))
    }

    @Test func aSleeperWakesOnlyOnceItsDeadlineIsPassedAndSleepersWakeInDeadlineOrder() async throws {
        let clock = VirtualHarnessClock()
        let log = Log()
        let late = Task { try await clock.sleep(for: .seconds(20)); log.add("late") }
        let early = Task { try await clock.sleep(for: .seconds(10)); log.add("early") }
        await clock.waitForSleepers(2)
        #expect(clock.pendingDeadlines == [.seconds(10), .seconds(20)])
        clock.advance(by: .seconds(9))
        #expect(clock.pendingDeadlines == [.seconds(10), .seconds(20)], "no deadline passed yet")
        clock.advance(by: .seconds(1))
        try await early.value
        #expect(log.all == ["early"])
        #expect(clock.pendingDeadlines == [.seconds(20)])
        clock.advanceToNextDeadline()
        try await late.value
        #expect(log.all == ["early", "late"])
        #expect(clock.elapsed == .seconds(20))
    }

    @Test func advancingPastSeveralDeadlinesWakesEverySleeperItPassedAndLandsOnTheTarget() async throws {
        let clock = VirtualHarnessClock()
        let sleepers = [3, 1, 2, 30].map { seconds in Task { try await clock.sleep(for: .seconds(seconds)) } }
        await clock.waitForSleepers(4)
        clock.advance(by: .seconds(5))
        for sleeper in sleepers.prefix(3) { try await sleeper.value }
        #expect(clock.elapsed == .seconds(5))
        #expect(clock.pendingDeadlines == [.seconds(30)], "the sleeper it did not pass still waits")
        sleepers[3].cancel()
        await #expect(throws: CancellationError.self) { try await sleepers[3].value }
    }

    @Test func cancellingTheTaskEndsItsSleepWithCancellationErrorAndForgetsTheDeadline() async throws {
        let clock = VirtualHarnessClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        await clock.waitForSleepers()
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.pendingDeadlines.isEmpty)
        #expect(clock.elapsed == .zero)
    }

    @Test func aTaskCancelledBeforeItSleepsDoesNotSleep() async throws {
        let clock = VirtualHarnessClock()
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.pendingDeadlines.isEmpty)
    }

    @Test(arguments: [Duration.zero, .seconds(-1)])
    func aSleepOfNoTimeReturnsAtOnce(duration: Duration) async throws {
        let clock = VirtualHarnessClock()
        try await clock.sleep(for: duration)
        #expect(clock.elapsed == .zero)
    }

    @Test func deadlinesFireInDeadlineOrderAndACancelledOneNeverFires() {
        let clock = VirtualHarnessClock()
        let log = Log()
        let second = DeadlineTimer(after: .seconds(20), on: clock) { log.add("20 s") }
        let first = DeadlineTimer(after: .seconds(10), on: clock) { log.add("10 s") }
        let cancelled = DeadlineTimer(after: .seconds(15), on: clock) { log.add("cancelled") }
        let later = DeadlineTimer(after: .seconds(40), on: clock) { log.add("40 s") }
        cancelled.cancel()
        clock.advance(by: .seconds(30))
        #expect(log.all == ["10 s", "20 s"])
        #expect(clock.pendingDeadlines == [.seconds(40)])
        withExtendedLifetime((first, second, later)) {}
    }

    @Test func theSystemClockSleepEndsWithCancellationErrorWhenTheTaskIsCancelled() async {
        let clock = SystemHarnessClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(600)) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }
}
