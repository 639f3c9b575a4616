import Foundation
import ReferenceSDK
import Testing
import ReferenceTestSupport

/// Launch gates: PIN (RST-04), AutoEnrollOnLaunch (ENR-08, RST-03), MAMPolicyRequired / WarnAbsent
/// (ENR-09, ENR-10), persistence across restarts.
@Suite("ReferenceSDK launch")
struct ReferenceSDKLaunchTests {
    @Test("PIN: set up at the first launch after enrollment, entered at later launches")
    func pinSetupThenEntry() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy(["pinRequired": true, "minimumPinLength": 4])
        await fixture.launch()
        await fixture.signInAndRegister("alice")

        fixture.app.clearEvents()
        fixture.app.answerPINs(["12", "1234"])
        #expect(await fixture.launch() == .ready)
        #expect(fixture.app.events == [.ui(.pinSetup), .ui(.pinSetup)])
        #expect(fixture.sdk.isConditionalLaunchSatisfied)

        fixture.app.clearEvents()
        fixture.app.answerPINs(["0000", "1234"])
        #expect(await fixture.launch() == .ready)
        #expect(fixture.app.events == [.ui(.pinEntry), .ui(.pinEntry)])

        fixture.app.clearEvents()
        fixture.app.answerPINs([nil])
        #expect(await fixture.launch() == .blocked(.pinCanceled))
        #expect(!fixture.sdk.isConditionalLaunchSatisfied)

        fixture.app.answerPINs(Array(repeating: "9999", count: 5))
        #expect(await fixture.launch() == .blocked(.pinRetriesExceeded))

        let state = try String(contentsOf: fixture.dataDirectory.appendingPathComponent("sdk/state.json"), encoding: .utf8)
        // As a value, not as a substring: the random hex salt and hash may contain the digits 1234 by chance.
        #expect(state.range(of: #"("1234"|:\s*1234(?![0-9]))"#, options: .regularExpression) == nil, "the PIN is stored only as a salted hash")
        // Not inside a hex id (UUIDs, hashes) either: only the PIN standing alone would be a leak.
        #expect(!fixture.app.logs.contains { $0.range(of: "(?<![0-9A-Fa-f-])1234(?![0-9A-Fa-f-])", options: .regularExpression) != nil })
        await fixture.tearDown()
    }

    @Test("no PIN gate without a PIN-requiring policy, and none for MultiIdentity apps at launch")
    func noPinGate() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy(["pinRequired": true])
        await fixture.launch(settings: IntuneMAMSettings(multiIdentity: true))
        await fixture.signInAndRegister("alice")
        fixture.app.clearEvents()
        #expect(await fixture.launch() == .ready)
        #expect(fixture.app.events.isEmpty)
        #expect(fixture.sdk.policyManager.getProcessAccountId() == nil)
        await fixture.tearDown()
    }

    @Test("MAMPolicyRequired without policy blocks launch; MAMPolicyWarnAbsent warns and continues")
    func policyGates() async throws {
        let fixture = try await SDKFixture.make()
        #expect(await fixture.launch(settings: IntuneMAMSettings(mamPolicyRequired: true)) == .blocked(.policyRequired))
        #expect(fixture.app.events == [.ui(.policyRequired)])
        fixture.app.clearEvents()
        #expect(await fixture.launch(settings: IntuneMAMSettings(mamPolicyWarnAbsent: true)) == .ready)
        #expect(fixture.app.events == [.ui(.policyAbsentWarning)])
        await fixture.tearDown()
    }

    @Test("AutoEnrollOnLaunch + MAMPolicyRequired: sign-in prompt, enroll, no restart, addAccountId, then ready")
    func autoEnrollWithPolicyRequired() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        let alice = fixture.user("alice")
        fixture.app.answerSignIn(alice)
        let settings = IntuneMAMSettings(autoEnrollOnLaunch: true, mamPolicyRequired: true)
        #expect(await fixture.launch(settings: settings) == .ready)
        #expect(fixture.app.events == [
            .ui(.signIn),
            .enrollment(.newPoliciesReceived, accountId: alice.objectId, didSucceed: true),
            .policy(.newPoliciesReceived, accountId: alice.objectId, didSucceed: true),
            .addAccount(alice.objectId),
        ])
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == alice.objectId)
        #expect(try await fixture.backend.calls("token.password").count == 1)

        // The SDK's own token is refreshed for later check-ins.
        fixture.app.clearEvents()
        try await fixture.advance(hours: 8)
        #expect(fixture.app.events == [.policy(.policiesHaveNotChanged, accountId: alice.objectId, didSucceed: true)])
        #expect(try await fixture.backend.calls("token.refresh").count == 1)
        #expect(!fixture.app.logs.contains { $0.contains(alice.password) })
        await fixture.tearDown()
    }

    @Test("AutoEnrollOnLaunch + MAMPolicyRequired: a cancelled sign-in leaves launch blocked")
    func autoEnrollSignInCancelled() async throws {
        let fixture = try await SDKFixture.make()
        let settings = IntuneMAMSettings(autoEnrollOnLaunch: true, mamPolicyRequired: true)
        #expect(await fixture.launch(settings: settings) == .blocked(.policyRequired))
        #expect(fixture.app.events == [.ui(.signIn), .ui(.policyRequired)])
        await fixture.tearDown()
    }

    @Test("AutoEnrollOnLaunch alone: a registered account enrolls at launch with the app's token; none → silent 203")
    func autoEnrollSilently() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch()
        let alice = fixture.user("alice")
        fixture.sdk.enrollmentManager.registerAndEnrollAccountId(alice.objectId)
        await fixture.idle()
        fixture.app.clearEvents()

        // No token: fails without UI.
        #expect(await fixture.launch(settings: IntuneMAMSettings(autoEnrollOnLaunch: true)) == .ready)
        #expect(fixture.app.events == [.enrollment(.authRequired, accountId: alice.objectId, didSucceed: false)])

        // With a token: enrolls; the first policy asks for a restart as usual.
        fixture.app.clearEvents()
        fixture.app.signIn(alice)
        #expect(await fixture.launch() == .ready)
        #expect(fixture.app.events == [
            .enrollment(.newPoliciesReceived, accountId: alice.objectId, didSucceed: true),
            .policy(.newPoliciesReceived, accountId: alice.objectId, didSucceed: true),
            .restartApplication,
        ])
        await fixture.tearDown()
    }

    @Test("state persists: registration, enrollment, policy and device tag survive a restart")
    func statePersists() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy(["minimumPinLength": 5])
        await fixture.launch()
        let alice = await fixture.signInAndRegister("alice")
        let tag = fixture.sdk.deviceTag
        await fixture.launch()
        #expect(fixture.sdk.deviceTag == tag)
        #expect(fixture.sdk.enrollmentManager.registeredAccountIds() == [alice.objectId])
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == alice.objectId)
        #expect(fixture.sdk.policyManager.policy(forAccountId: alice.objectId.uppercased())?.minimumPinLength == 5)
        await fixture.tearDown()
    }

    @Test("after terminate the runtime does nothing more")
    func terminateStopsEverything() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch()
        await fixture.signInAndRegister("alice")
        fixture.sdk.terminate()
        fixture.app.clearEvents()
        fixture.sdk.enrollmentManager.registerAndEnrollAccountId("someone-else")
        try await fixture.advance(hours: 24)
        #expect(fixture.app.events.isEmpty)
        #expect(fixture.sdk.launchState == .terminated)
        #expect(try await fixture.backend.calls("mam.checkin").count == 1)
        await fixture.tearDown()
    }

    @Test("secrets never reach the SDK log")
    func noSecretsInLogs() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch()
        let alice = await fixture.signInAndRegister("alice")
        try await fixture.advance(hours: 8)
        await fixture.sdk.deregister(alice, wipe: false)
        await fixture.idle()
        let logs = fixture.app.logs
        #expect(!logs.isEmpty)
        for token in fixture.app.tokensIssued {
            #expect(!logs.contains { $0.contains(token) })
        }
        #expect(!logs.contains { $0.contains(alice.password) })
        await fixture.tearDown()
    }
}
