import ConformanceCore
import Foundation
import Testing

@testable import ConformanceCore

/// The slots that bound how many integrations run at once (`--jobs`) while later cases arrange their tenants, handed
/// out by turn: in the order the runner launched the cases, whatever order they ask in.
@Suite struct IntegrationSlotsTests {
    /// Slots whose every new waiter is announced on `queued`.
    static func observed(count: Int) -> (IntegrationSlots, AsyncStream<Void>.Iterator) {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        return (IntegrationSlots(count: count, queued: { continuation.yield() }), stream.makeAsyncIterator())
    }

    @Test func slotsGoByTurnAndNeverMoreThanTheirCount() async {
        let (slots, announcements) = Self.observed(count: 2)
        var queued = announcements
        let tickets = (0..<4).map { _ in slots.ticket() }
        #expect(await tickets[0].acquire().isAdmitted)
        #expect(await tickets[1].acquire().isAdmitted)
        #expect(slots.inUse == 2)
        // The later turn asks first; each asks only once the one before is queued.
        let third = Task { await tickets[3].acquire() }
        await queued.next()
        let second = Task { await tickets[2].acquire() }
        await queued.next()
        #expect(slots.waiting == 2, "both slots are taken")
        slots.release()
        #expect(await second.value.isAdmitted, "the one free slot goes to turn 2, which came before turn 3")
        #expect(slots.waiting == 1 && slots.inUse == 2)
        slots.release()
        #expect(await third.value.isAdmitted)
        #expect(slots.inUse == 2)
    }

    @Test func aFreeSlotWaitsForAnEarlierTurnThatHasNotAskedYet() async {
        let (slots, announcements) = Self.observed(count: 1)
        var queued = announcements
        let first = slots.ticket(), second = slots.ticket()
        let later = Task { await second.acquire() }
        await queued.next()
        #expect(slots.inUse == 0 && slots.waiting == 1, "turn 1 waits for turn 0, though the slot is free")
        #expect(await first.acquire().isAdmitted)
        first.release()
        #expect(await later.value.isAdmitted)
    }

    @Test func aPassedTurnLetsTheTurnsAfterItThrough() async {
        let (slots, announcements) = Self.observed(count: 1)
        var queued = announcements
        let failed = slots.ticket(), next = slots.ticket()
        let later = Task { await next.acquire() }
        await queued.next()
        failed.pass()
        #expect(await later.value.isAdmitted, "the case whose arrangement failed does not hold up the next one")
        #expect(slots.inUse == 1)
    }

    @Test func closingTellsEveryWaitingCaseAndEveryLaterOneWhy() async {
        let (slots, announcements) = Self.observed(count: 1)
        var queued = announcements
        #expect(await slots.ticket().acquire().isAdmitted)
        let next = slots.ticket()
        async let waiting = next.acquire()
        await queued.next()
        slots.close(.notRun("the restart budget is spent"))
        #expect(await waiting.closedReason?.contains("restart budget") == true)
        #expect(await slots.ticket().acquire().closedReason?.contains("restart budget") == true)
        slots.release()
        #expect(await slots.ticket().acquire().closedReason != nil, "a slot given back after the close is not handed out")
    }

    @Test func aCaseCancelledWhileWaitingIsToldSoAndGivesUpItsTurn() async {
        let (slots, announcements) = Self.observed(count: 1)
        var queued = announcements
        let holder = slots.ticket(), cancelled = slots.ticket(), after = slots.ticket()
        #expect(await holder.acquire().isAdmitted)
        let waiter = Task { await cancelled.acquire() }
        await queued.next()
        waiter.cancel()
        guard case .cancelled = await waiter.value else {
            Issue.record("a cancelled waiter must be told it was cancelled")
            return
        }
        #expect(slots.waiting == 0)
        holder.release()
        #expect(slots.inUse == 0, "the cancelled waiter took nothing")
        #expect(await after.acquire().isAdmitted, "the turn after the cancelled one is served")
    }

    @Test func aCaseCancelledBeforeItAsksIsToldSoAndGivesUpItsTurn() async {
        let slots = IntegrationSlots(count: 1)
        let cancelled = slots.ticket(), after = slots.ticket()
        let waiter = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await cancelled.acquire()
        }
        guard case .cancelled = await waiter.value else {
            Issue.record("a case cancelled before it asks gets no slot")
            return
        }
        #expect(slots.inUse == 0)
        #expect(await after.acquire().isAdmitted)
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
