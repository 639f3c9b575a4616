import Dispatch
import Foundation
import ReferenceSDK
import Testing
import ReferenceTestSupport

/// The virtual clock and the work tracker the SDK's timers and the harness's "sync" rely on.
@Suite("ReferenceSDK clock")
struct ReferenceSDKClockTests {
    private final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        func add(_ item: String) {
            lock.lock()
            items.append(item)
            lock.unlock()
        }
        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return items
        }
    }

    @Test("timers fire in deadline order, each at its own time; later ones wait; cancelled ones never fire")
    func order() async {
        let start = Date(timeIntervalSince1970: 1_000_000)
        let clock = VirtualClock(now: start)
        let log = Log()
        _ = clock.schedule(at: start.addingTimeInterval(20)) { log.add("b@\(Int(clock.now.timeIntervalSince(start)))") }
        _ = clock.schedule(at: start.addingTimeInterval(10)) { log.add("a@\(Int(clock.now.timeIntervalSince(start)))") }
        let cancelled = clock.schedule(at: start.addingTimeInterval(15)) { log.add("cancelled") }
        _ = clock.schedule(at: start.addingTimeInterval(40)) { log.add("late") }
        cancelled.cancel()
        _ = await sdkTestOffPool { clock.advance(by: 30) }
        #expect(log.all == ["a@10", "b@20"])
        #expect(clock.now == start.addingTimeInterval(30))
        #expect(clock.pendingDeadlines == [start.addingTimeInterval(40)])
    }

    @Test("a timer scheduled by a firing timer fires in the same advance when due")
    func chained() async {
        let start = Date(timeIntervalSince1970: 0)
        let clock = VirtualClock(now: start)
        let log = Log()
        _ = clock.schedule(at: start.addingTimeInterval(5)) {
            log.add("first")
            _ = clock.schedule(at: clock.now.addingTimeInterval(5)) { log.add("second") }
        }
        _ = await sdkTestOffPool { clock.advance(by: 10) }
        #expect(log.all == ["first", "second"])
    }

    @Test("advance waits until the work a timer started is idle before firing the next")
    func waitsForIdle() async {
        let tracker = MAMWorkTracker()
        let start = Date(timeIntervalSince1970: 0)
        let clock = VirtualClock(now: start, workTracker: tracker)
        let log = Log()
        let queue = DispatchQueue(label: "clock-test")
        let gate = DispatchSemaphore(value: 0)
        _ = clock.schedule(at: start.addingTimeInterval(1)) {
            tracker.enter()
            queue.async {
                gate.wait()
                log.add("slow work done")
                tracker.leave()
            }
        }
        _ = clock.schedule(at: start.addingTimeInterval(2)) { log.add("second timer") }
        let release = DispatchQueue(label: "clock-test.release")
        release.async { gate.signal() }
        let idle = await sdkTestOffPool { clock.advance(by: 5) }
        #expect(idle)
        #expect(log.all == ["slow work done", "second timer"])
        #expect(tracker.isIdle)
    }

    @Test("waitUntilIdle times out while work is outstanding")
    func trackerTimeout() async {
        let tracker = MAMWorkTracker()
        tracker.enter()
        let idle = await sdkTestOffPool { tracker.waitUntilIdle(deadline: .now() + 0.05) }
        #expect(!idle)
        tracker.leave()
        #expect(await sdkTestOffPool { tracker.waitUntilIdle(deadline: .now() + 1) })
    }

    @Test("the system clock fires a timer once and not after cancel")
    func systemClock() async {
        let clock = SystemClock()
        let fired = DispatchSemaphore(value: 0)
        let log = Log()
        _ = clock.schedule(at: Date()) {
            log.add("fired")
            fired.signal()
        }
        let cancelled = clock.schedule(at: Date().addingTimeInterval(0.05)) { log.add("cancelled") }
        cancelled.cancel()
        let result = await sdkTestOffPool { fired.wait(timeout: .now() + 5) }
        #expect(result == .success)
        #expect(log.all == ["fired"])
    }
}
