import Foundation
import ReferenceSDK
import Testing
import ReferenceTestSupport

/// Enrollment against the mock MAM service: outcomes, status codes, retries (ENR-01…04, ENR-11, ENR-12).
@Suite("ReferenceSDK enrollment")
struct ReferenceSDKEnrollmentTests {
    @Test("a targeted account enrolls, gets its first policy and the app is asked to restart once")
    func targetedAccountEnrolls() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy(["pinRequired": true, "minimumPinLength": 6])
        await fixture.launch()
        let alice = await fixture.signInAndRegister("alice")
        let id = alice.objectId

        #expect(fixture.app.events == [
            .enrollment(.newPoliciesReceived, accountId: id, didSucceed: true),
            .policy(.newPoliciesReceived, accountId: id, didSucceed: true),
            .restartApplication,
        ])
        let sdk = fixture.sdk
        #expect(sdk.enrollmentManager.registeredAccountIds() == [id])
        #expect(sdk.enrollmentManager.enrolledAccountId() == id)
        #expect(sdk.policyManager.isAccountIdManaged(id))
        #expect(sdk.policyManager.primaryAccountId == id)
        #expect(sdk.policyManager.getProcessAccountId() == id)
        let policy = try #require(sdk.policyManager.policy(forAccountId: id))
        #expect(policy.isPINRequired)
        #expect(policy.minimumPinLength == 6)
        #expect(!fixture.app.events.contains(.restartDialog))
        #expect(try await fixture.backend.calls("mam.enroll").map(\.status) == [200])
        #expect(try await fixture.backend.calls("mam.checkin").map(\.status) == [200])
        await fixture.tearDown()
    }

    @Test("a licensed but untargeted account gets 225 and stays unmanaged")
    func untargetedAccount() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy(targeted: false)
        await fixture.launch()
        let id = await fixture.signInAndRegister("alice").objectId

        #expect(fixture.app.events == [.enrollment(.licensedNotTargeted, accountId: id, didSucceed: false)])
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == nil)
        #expect(fixture.sdk.enrollmentManager.registeredAccountIds() == [id])
        #expect(!fixture.sdk.policyManager.isAccountIdManaged(id))
        #expect(fixture.sdk.policyManager.policy(forAccountId: id) == nil)
        #expect(fixture.sdk.isConditionalLaunchSatisfied)
        await fixture.tearDown()
    }

    @Test("an unlicensed account gets 200")
    func unlicensedAccount() async throws {
        let fixture = try await SDKFixture.make(users: [("bob", false)])
        try await fixture.backend.createPolicy()
        await fixture.launch()
        let id = await fixture.signInAndRegister("bob").objectId

        #expect(fixture.app.events == [.enrollment(.accountNotLicensed, accountId: id, didSucceed: false)])
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == nil)
        await fixture.tearDown()
    }

    @Test("without a token the enrollment reports 203 (auth required)")
    func noToken() async throws {
        let fixture = try await SDKFixture.make()
        await fixture.launch()
        let id = fixture.user("alice").objectId
        fixture.sdk.enrollmentManager.registerAndEnrollAccountId(id)
        await fixture.idle()
        #expect(fixture.app.events == [.enrollment(.authRequired, accountId: id, didSucceed: false)])
        #expect(try await fixture.backend.calls("mam.enroll").isEmpty)
        await fixture.tearDown()
    }

    @Test("a failed enrollment is retried 24 hours later, not before, and retries stop once enrolled")
    func retryAfter24Hours() async throws {
        let fixture = try await SDKFixture.make()
        let policyId = try await fixture.backend.createPolicy(targeted: false)
        await fixture.launch()
        let id = await fixture.signInAndRegister("alice").objectId
        #expect(try await fixture.backend.calls("mam.enroll").count == 1)

        try await fixture.advance(hours: 23)
        #expect(try await fixture.backend.calls("mam.enroll").count == 1)

        try await fixture.backend.target(policyId: policyId)
        fixture.app.clearEvents()
        try await fixture.advance(hours: 1)
        #expect(try await fixture.backend.calls("mam.enroll").count == 2)
        #expect(fixture.app.events.first == .enrollment(.newPoliciesReceived, accountId: id, didSucceed: true))
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == id)

        try await fixture.advance(hours: 48)
        #expect(try await fixture.backend.calls("mam.enroll").count == 2)
        await fixture.tearDown()
    }

    @Test("the retry timer survives a restart")
    func retrySurvivesRestart() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy(targeted: false)
        await fixture.launch()
        await fixture.signInAndRegister("alice")
        try await fixture.advance(hours: 12)
        await fixture.launch()
        try await fixture.advance(hours: 11)
        #expect(try await fixture.backend.calls("mam.enroll").count == 1)
        try await fixture.advance(hours: 1)
        #expect(try await fixture.backend.calls("mam.enroll").count == 2)
        await fixture.tearDown()
    }

    @Test("registering an already registered account is ignored, whatever its casing")
    func duplicateRegistrationIgnored() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch()
        let alice = fixture.user("alice")
        fixture.app.signIn(alice)
        fixture.sdk.enrollmentManager.registerAndEnrollAccountId(alice.objectId.uppercased())
        await fixture.idle()
        fixture.sdk.enrollmentManager.registerAndEnrollAccountId(alice.objectId)
        await fixture.idle()

        #expect(fixture.sdk.enrollmentManager.registeredAccountIds().count == 1)
        #expect(try await fixture.backend.calls("mam.enroll").count == 1)
        #expect(fixture.sdk.policyManager.isAccountIdManaged(alice.objectId))
        #expect(fixture.sdk.policyManager.isAccountIdManaged(alice.objectId.uppercased()))
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId()?.lowercased() == alice.objectId)
        #expect(fixture.app.logs.contains { $0.contains("already registered") })
        await fixture.tearDown()
    }

    @Test("a second account cannot enroll while one is enrolled (227)")
    func secondAccountRefused() async throws {
        let fixture = try await SDKFixture.make(users: [("alice", true), ("carol", true)])
        try await fixture.backend.createPolicy()
        await fixture.launch()
        await fixture.signInAndRegister("alice")
        fixture.app.clearEvents()
        let carol = await fixture.signInAndRegister("carol")

        #expect(fixture.app.events == [.enrollment(.singleManagedAccountMode, accountId: carol.objectId, didSucceed: false)])
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == fixture.user("alice").objectId)
        #expect(!fixture.sdk.policyManager.isAccountIdManaged(carol.objectId))
        await fixture.tearDown()
    }

    @Test("after the enrolled account leaves, retries resume for the waiting account 24 h later")
    func retriesResumeAfterUnenroll() async throws {
        let fixture = try await SDKFixture.make(users: [("alice", true), ("carol", true)])
        try await fixture.backend.createPolicy()
        await fixture.launch()
        let alice = await fixture.signInAndRegister("alice")
        let carol = await fixture.signInAndRegister("carol")
        await fixture.sdk.deregister(alice, wipe: false)
        await fixture.idle()
        try await fixture.advance(hours: 23)
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == nil)
        try await fixture.advance(hours: 1)
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == carol.objectId)
        await fixture.tearDown()
    }

    @Test("loginAndEnrollAccount prompts, signs in and enrolls; cancel reports 219")
    func loginAndEnroll() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch()
        fixture.sdk.enrollmentManager.loginAndEnrollAccount(nil)
        await fixture.idle()
        #expect(fixture.app.events == [.ui(.signIn), .enrollment(.loginCanceled, accountId: "", didSucceed: false)])

        fixture.app.clearEvents()
        let alice = fixture.user("alice")
        fixture.app.answerSignIn(alice)
        fixture.sdk.enrollmentManager.loginAndEnrollAccount(alice.upn)
        await fixture.idle()
        #expect(fixture.app.events.prefix(3) == [
            .ui(.signIn),
            .enrollment(.newPoliciesReceived, accountId: alice.objectId, didSucceed: true),
            .policy(.newPoliciesReceived, accountId: alice.objectId, didSucceed: true),
        ])
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == alice.objectId)
        #expect(fixture.sdk.enrollmentManager.registeredAccountIds() == [alice.objectId])
        await fixture.tearDown()
    }
}

extension IntuneMAMRuntime {
    /// deRegisterAndUnenrollAccountId blocks for a token: call it off the concurrency pool.
    func deregister(_ user: SDKTestUser, wipe: Bool) async {
        let manager = enrollmentManager
        await sdkTestOffPool { manager.deRegisterAndUnenrollAccountId(user.objectId, withWipe: wipe) }
    }
}
