import Foundation
import ReferenceSDK
import Testing
import ReferenceTestSupport

/// Each enrollment and launch-setting defect (ENR-02, ENR-07…10, ENR-12) visibly changes the one behaviour
/// it names; the correct behaviour of the same scenarios is covered by the enrollment and launch tests.
@Suite("ReferenceSDK enrollment defects")
struct ReferenceSDKEnrollmentDefectTests {
    @Test("enrollmentDeferredToRetry: registered at once, but the first enrollment attempt is 24 hours later")
    func enrollmentDeferredToRetry() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch(defects: [.enrollmentDeferredToRetry])
        let alice = await fixture.signInAndRegister("alice")
        #expect(fixture.sdk.enrollmentManager.registeredAccountIds() == [alice.objectId])
        #expect(fixture.app.events.isEmpty)
        try await fixture.advance(hours: 23)
        #expect(try await fixture.backend.calls("mam.enroll").isEmpty)
        try await fixture.advance(hours: 1)
        #expect(fixture.app.events.first == .enrollment(.newPoliciesReceived, accountId: alice.objectId, didSucceed: true))
        await fixture.tearDown()
    }

    @Test("duplicateEnrollmentStatus: every enrollment outcome arrives twice; policy and restart once")
    func duplicateEnrollmentStatus() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch(defects: [.duplicateEnrollmentStatus])
        let id = await fixture.signInAndRegister("alice").objectId
        #expect(fixture.app.events == [
            .enrollment(.newPoliciesReceived, accountId: id, didSucceed: true),
            .enrollment(.newPoliciesReceived, accountId: id, didSucceed: true),
            .policy(.newPoliciesReceived, accountId: id, didSucceed: true),
            .restartApplication,
        ])
        await fixture.tearDown()
    }

    @Test("caseSensitiveIdentities: other casing registers a second account and reads as unmanaged")
    func caseSensitiveIdentities() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch(defects: [.caseSensitiveIdentities])
        let alice = await fixture.signInAndRegister("alice")
        fixture.app.clearEvents()
        let upper = alice.objectId.uppercased()
        fixture.sdk.enrollmentManager.registerAndEnrollAccountId(upper)
        await fixture.idle()
        #expect(fixture.sdk.enrollmentManager.registeredAccountIds() == [alice.objectId, upper])
        #expect(fixture.app.events == [.enrollment(.singleManagedAccountMode, accountId: alice.objectId, didSucceed: false)])
        #expect(fixture.sdk.policyManager.isAccountIdManaged(alice.objectId))
        #expect(!fixture.sdk.policyManager.isAccountIdManaged(upper))
        #expect(fixture.sdk.policyManager.policy(forAccountId: upper) == nil)
        await fixture.tearDown()
    }

    @Test("policyRequiredNotEnforced: no policy, MAMPolicyRequired, and launch is ready anyway")
    func policyRequiredNotEnforced() async throws {
        let fixture = try await SDKFixture.make()
        let state = await fixture.launch(settings: IntuneMAMSettings(mamPolicyRequired: true),
                                         defects: [.policyRequiredNotEnforced])
        #expect(state == .ready)
        #expect(fixture.app.events.isEmpty)
        await fixture.tearDown()
    }

    @Test("absentPolicyNotWarned: no policy, MAMPolicyWarnAbsent, and no warning")
    func absentPolicyNotWarned() async throws {
        let fixture = try await SDKFixture.make()
        let state = await fixture.launch(settings: IntuneMAMSettings(mamPolicyWarnAbsent: true),
                                         defects: [.absentPolicyNotWarned])
        #expect(state == .ready)
        #expect(fixture.app.events.isEmpty)
        await fixture.tearDown()
    }

    @Test("loginWithoutPrompt: loginAndEnrollAccount without a token reports 203 and shows nothing")
    func loginWithoutPrompt() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch(defects: [.loginWithoutPrompt])
        let alice = fixture.user("alice")
        fixture.app.answerSignIn(alice)
        fixture.sdk.enrollmentManager.loginAndEnrollAccount(alice.upn)
        await fixture.idle()
        #expect(fixture.app.events == [.enrollment(.authRequired, accountId: "", didSucceed: false)])
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == nil)
        #expect(try await fixture.backend.calls("token.password").isEmpty)
        await fixture.tearDown()
    }

    @Test("autoEnrollPromptsWithoutPolicyRequired: AutoEnrollOnLaunch alone prompts when it has no token")
    func autoEnrollPromptsWithoutPolicyRequired() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch()
        let alice = fixture.user("alice")
        fixture.sdk.enrollmentManager.registerAndEnrollAccountId(alice.objectId)
        await fixture.idle()
        fixture.app.clearEvents()
        fixture.app.answerSignIn(alice)
        let settings = IntuneMAMSettings(autoEnrollOnLaunch: true)
        #expect(await fixture.launch(settings: settings, defects: [.autoEnrollPromptsWithoutPolicyRequired]) == .ready)
        #expect(fixture.app.events.first == .ui(.signIn))
        #expect(fixture.app.events.contains(.enrollment(.newPoliciesReceived, accountId: alice.objectId, didSucceed: true)))
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == alice.objectId)

        // A cancelled prompt ends as the correct SDK's silent attempt does: 203, retried in 24 h.
        let other = try await SDKFixture.make()
        await other.launch()
        other.sdk.enrollmentManager.registerAndEnrollAccountId(other.user("alice").objectId)
        await other.idle()
        other.app.clearEvents()
        await other.launch(settings: settings, defects: [.autoEnrollPromptsWithoutPolicyRequired])
        #expect(other.app.events == [.ui(.signIn), .enrollment(.authRequired, accountId: other.user("alice").objectId,
                                                                didSucceed: false)])
        await other.tearDown()
        await fixture.tearDown()
    }
}
