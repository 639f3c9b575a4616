import Foundation
import ReferenceSDK
import Testing
import ReferenceTestSupport

/// Check-ins and the first-policy restart (ENR-05, RST-01, RST-02, RST-05, WIP-09).
@Suite("ReferenceSDK check-in and restart")
struct ReferenceSDKCheckInTests {
    @Test("8 hours later the SDK checks in again: policy unchanged, no second restart")
    func periodicCheckIn() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch()
        let id = await fixture.signInAndRegister("alice").objectId
        fixture.app.clearEvents()

        try await fixture.advance(hours: 7.9)
        #expect(fixture.app.events.isEmpty)
        try await fixture.advance(hours: 0.1)
        #expect(fixture.app.events == [.policy(.policiesHaveNotChanged, accountId: id, didSucceed: true)])
        try await fixture.advance(hours: 16)
        #expect(fixture.app.events.count == 3)
        #expect(fixture.app.count(.restartApplication) == 0)
        #expect(try await fixture.backend.calls("mam.checkin").count == 4)
        await fixture.tearDown()
    }

    @Test("a changed policy arrives with the next check-in as policy-new, without a restart")
    func changedPolicy() async throws {
        let fixture = try await SDKFixture.make()
        let policyId = try await fixture.backend.createPolicy(["minimumPinLength": 4])
        await fixture.launch()
        let id = await fixture.signInAndRegister("alice").objectId
        fixture.app.clearEvents()
        try await fixture.backend.updatePolicy(policyId, ["minimumPinLength": 8])
        try await fixture.advance(hours: 8)

        #expect(fixture.app.events == [.policy(.newPoliciesReceived, accountId: id, didSucceed: true)])
        #expect(fixture.sdk.policyManager.policy(forAccountId: id)?.minimumPinLength == 8)
        await fixture.tearDown()
    }

    @Test("the check-in timer survives a restart")
    func checkInSurvivesRestart() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch()
        await fixture.signInAndRegister("alice")
        try await fixture.advance(hours: 5)
        await fixture.launch()
        try await fixture.advance(hours: 2.9)
        #expect(try await fixture.backend.calls("mam.checkin").count == 1)
        try await fixture.advance(hours: 0.1)
        #expect(try await fixture.backend.calls("mam.checkin").count == 2)
        await fixture.tearDown()
    }

    @Test("restartApplication false: the SDK shows its dialog and relaunches the app")
    func sdkHandledRestart() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch()
        fixture.app.answerRestart(false)
        let first = fixture.sdk
        await fixture.signInAndRegister("alice")

        #expect(Array(fixture.app.events.suffix(4)) == [.restartApplication, .ui(.restartDialog), .restartDialog, .relaunch])
        #expect(first.isTerminated)
        #expect(fixture.sdk !== first)
        #expect(fixture.sdk.launchState == .ready)
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == fixture.user("alice").objectId)
        await fixture.tearDown()
    }

    @Test("restartApplication true: no dialog, no relaunch")
    func appHandledRestart() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch()
        let first = fixture.sdk
        await fixture.signInAndRegister("alice")
        #expect(fixture.app.count(.restartApplication) == 1)
        #expect(!fixture.app.events.contains(.restartDialog))
        #expect(!fixture.app.events.contains(.relaunch))
        #expect(!first.isTerminated)
        await fixture.tearDown()
    }

    @Test("the policy no longer targets the app: check-in reports 103 and the account has no policy")
    func noPolicyReceived() async throws {
        let fixture = try await SDKFixture.make()
        let policyId = try await fixture.backend.createPolicy()
        await fixture.launch()
        let id = await fixture.signInAndRegister("alice").objectId
        fixture.app.clearEvents()
        try await fixture.backend.untarget(policyId: policyId)
        try await fixture.advance(hours: 8)
        #expect(fixture.app.events == [.policy(.noPolicyReceived, accountId: id, didSucceed: true)])
        #expect(fixture.sdk.policyManager.policy(forAccountId: id) == nil)
        await fixture.tearDown()
    }

    @Test("an administrator's selective wipe arrives at check-in: 102, wipe, unenroll 104")
    func adminWipe() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch()
        let alice = await fixture.signInAndRegister("alice")
        fixture.app.clearEvents()
        try await fixture.backend.wipe(userObjectId: alice.objectId, deviceTag: fixture.sdk.deviceTag)
        try await fixture.advance(hours: 8)

        #expect(fixture.app.events == [
            .policy(.wipeReceived, accountId: alice.objectId, didSucceed: true),
            .wipe(alice.objectId),
            .unenroll(.unenrollmentSuccess, accountId: alice.objectId, didSucceed: true),
        ])
        #expect(fixture.sdk.enrollmentManager.registeredAccountIds().isEmpty)
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == nil)
        #expect(try await fixture.backend.calls("mam.unenroll").map(\.status) == [200])
        await fixture.tearDown()
    }
}
