import Foundation
import Locking
@testable import ReferenceApp
import Testing

/// The reference device's ``RestartGate``: a restart the app scheduled itself and the runner's actions never
/// overlap. An action under way holds the instance it acts on until answered; an action arriving while a restart
/// is scheduled waits for the new instance. Each check is a wait with a deadline of now (does it hold at this
/// moment) or a waiter on a thread of its own that a change releases.
@Suite struct RestartGateTests {
    static var now: Date { Date() }
    static var later: Date { Date().addingTimeInterval(30) }

    @Test func aRestartScheduledWhileAnActionIsUnderWayWaitsUntilTheActionIsAnswered() async {
        let gate = RestartGate()
        #expect(gate.actionBegins(deadline: Self.now) { false })
        gate.restartScheduled()
        #expect(!gate.waitForActions(deadline: Self.now), "the restart went ahead under the action")
        let restartMayRun = Latch<Bool>()
        Thread { restartMayRun.fulfil(gate.waitForActions(deadline: Self.later)) }.start()
        gate.actionEnded()
        #expect(restartMayRun.wait(until: Self.later) == true)
    }

    @Test func anActionArrivingWhileARestartIsScheduledWaitsForTheNewInstance() async {
        let gate = RestartGate()
        gate.restartScheduled()
        #expect(!gate.actionBegins(deadline: Self.now) { false }, "the action reached the instance about to go")
        gate.actionEnded()
        let settled = Latch<Bool>()
        Thread { settled.fulfil(gate.actionBegins(deadline: Self.later) { false }) }.start()
        gate.restartFinished()
        #expect(settled.wait(until: Self.later) == true)
        // The action that waited holds the new instance in turn.
        gate.restartScheduled()
        #expect(!gate.waitForActions(deadline: Self.now))
        gate.actionEnded()
        #expect(gate.waitForActions(deadline: Self.now))
    }

    @Test func anActionWaitsWhileTheSDKRelaunchesTheAppAndAnActionThatGaveUpStillHoldsUntilEnded() async {
        let gate = RestartGate()
        let relaunching = Locked(true)
        #expect(!gate.actionBegins(deadline: Self.now) { relaunching.read { $0 } })
        #expect(!gate.waitForActions(deadline: Self.now), "an action that gave up waiting no longer counted")
        gate.actionEnded()
        let settled = Latch<Bool>()
        Thread { settled.fulfil(gate.actionBegins(deadline: Self.later) { relaunching.read { $0 } }) }.start()
        relaunching.withLock { $0 = false }
        gate.appChanged()
        #expect(settled.wait(until: Self.later) == true)
    }
}
