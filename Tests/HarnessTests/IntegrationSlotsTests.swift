import ConformanceCore
import Foundation
import Testing

@testable import ConformanceCore

/// The slots that bound how many integrations run at once (`--jobs`) while later cases arrange their tenants.
@Suite struct IntegrationSlotsTests {
    /// Slots whose every new waiter is announced on `queued`.
    static func observed(count: Int) -> (IntegrationSlots, AsyncStream<Void>.Iterator) {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        return (IntegrationSlots(count: count, queued: { continuation.yield() }), stream.makeAsyncIterator())
    }

    @Test func slotsGoFirstComeFirstServedAndNeverMoreThanTheirCount() async {
        let (slots, announcements) = Self.observed(count: 2)
        var queued = announcements
        #expect(await slots.acquire().isAdmitted)
        #expect(await slots.acquire().isAdmitted)
        #expect(slots.inUse == 2)
        let order = SeamTimeline()
        await withTaskGroup(of: Void.self) { group in
            for waiter in 1...2 {
                group.addTask {
                    if await slots.acquire().isAdmitted { order.note("\(waiter)") }
                }
                // The next waiter asks only once this one is queued.
                await queued.next()
            }
            #expect(order.entries.isEmpty, "both slots are taken")
            slots.release()
            slots.release()
        }
        #expect(order.entries == ["1", "2"])
        #expect(slots.inUse == 2)
    }

    @Test func closingTellsEveryWaitingCaseAndEveryLaterOneWhy() async {
        let (slots, announcements) = Self.observed(count: 1)
        var queued = announcements
        #expect(await slots.acquire().isAdmitted)
        async let waiting = slots.acquire()
        await queued.next()
        slots.close(.notRun("the restart budget is spent"))
        #expect(await waiting.closedReason?.contains("restart budget") == true)
        #expect(await slots.acquire().closedReason?.contains("restart budget") == true)
        slots.release()
        #expect(await slots.acquire().closedReason != nil, "a slot given back after the close is not handed out")
    }

    @Test func aCaseCancelledWhileWaitingIsToldSoAndTakesNoSlot() async {
        let (slots, announcements) = Self.observed(count: 1)
        var queued = announcements
        #expect(await slots.acquire().isAdmitted)
        let waiter = Task { await slots.acquire() }
        await queued.next()
        waiter.cancel()
        guard case .cancelled = await waiter.value else {
            Issue.record("a cancelled waiter must be told it was cancelled")
            return
        }
        #expect(slots.waiting == 0)
        slots.release()
        #expect(slots.inUse == 0, "the cancelled waiter took nothing")
        #expect(await slots.acquire().isAdmitted)
    }

    @Test func aCaseCancelledBeforeItAsksIsToldSo() async {
        let slots = IntegrationSlots(count: 1)
        let waiter = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await slots.acquire()
        }
        guard case .cancelled = await waiter.value else {
            Issue.record("a case cancelled before it asks gets no slot")
            return
        }
        #expect(slots.inUse == 0)
    }
}

extension IntegrationSlots.Admission {
    var isAdmitted: Bool {
        if case .admitted = self { return true }
        return false
    }

    var closedReason: String? {
        if case .closed(let reason) = self { return reason.description }
        return nil
    }
}
