import Foundation
@testable import ReferenceSDK
import ReferenceTestSupport
import Testing

/// ``StaleCheckInFlow`` on its own, over a device from the fixture builder: a deregistered account keeps its 8-hour
/// check-in only where the `checkInsContinueAfterDeregister` defect is planted (WIP-13).
@Suite struct StaleCheckInFlowTests {
    /// The defects planted and whether the deregistered account keeps checking in.
    static let cases: [(defects: Set<SDKDefect>, keepsCheckingIn: Bool)] = [
        ([], false),
        ([.checkInsContinueAfterDeregister], true),
    ]

    @Test(arguments: cases)
    func aDeregisteredAccountKeepsItsEightHourCheckInOnlyWhereTheSDKIsBrokenSo(defects: Set<SDKDefect>,
                                                                               keepsCheckingIn: Bool) async throws {
        let fixture = try await SDKFixture.Builder().make()
        fixture.makeRuntime(defects: defects)
        let alice = fixture.user("alice")
        let flow = fixture.sdk.engine.staleCheckIns
        await sdkTestOffPool { flow.keepCheckingInIfBroken(alice.objectId, upn: alice.upn) }
        #expect(flow.timers.isArmed(.checkIn) == keepsCheckingIn)
        let remembered = flow.store.read { $0.staleCheckInAccount }
        #expect(remembered?.accountId == (keepsCheckingIn ? alice.objectId : nil))
        #expect(remembered?.upn == (keepsCheckingIn ? alice.upn : nil))
        fixture.app.signIn(alice)
        try await fixture.advance(hours: 8)
        let checkIns = try await fixture.backend.calls("mam.checkin").count
        #expect(checkIns == (keepsCheckingIn ? 1 : 0), "8 hours later the broken SDK checks in for the account")
        #expect(flow.timers.isArmed(.checkIn) == keepsCheckingIn, "and arms the next one")
        await fixture.tearDown()
    }
}
