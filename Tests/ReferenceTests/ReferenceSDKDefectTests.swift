import Foundation
import ReferenceSDK
import Testing
import ReferenceTestSupport

/// Every planted defect visibly changes the one behaviour it names; the same scenario without the defect
/// is covered by the behaviour tests.
@Suite("ReferenceSDK defects")
struct ReferenceSDKDefectTests {
    @Test("every defect names requirements and a summary")
    func catalogue() {
        for defect in SDKDefect.allCases {
            #expect(!defect.requirementIDs.isEmpty)
            #expect(!defect.summary.isEmpty)
        }
        // At least the RST, ENR and WIP defects; other requirement areas add their own.
        #expect(SDKDefect.allCases.count >= 27)
        #expect(Set(SDKDefect.allCases.map(\.summary)).count == SDKDefect.allCases.count)
    }

    @Test("noRestartRequest: the first policy does not ask for a restart")
    func noRestartRequest() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch(defects: [.noRestartRequest])
        let id = await fixture.signInAndRegister("alice").objectId
        #expect(fixture.app.events == [
            .enrollment(.newPoliciesReceived, accountId: id, didSucceed: true),
            .policy(.newPoliciesReceived, accountId: id, didSucceed: true),
        ])
        await fixture.tearDown()
    }

    @Test("restartDialogDespiteAppRestart: dialog and relaunch although the app restarts itself")
    func restartDialogDespiteAppRestart() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch(defects: [.restartDialogDespiteAppRestart])
        fixture.app.answerRestart(true)
        await fixture.signInAndRegister("alice")
        #expect(Array(fixture.app.events.suffix(4)) == [.restartApplication, .ui(.restartDialog), .restartDialog, .relaunch])
        await fixture.tearDown()
    }

    @Test("restartOnEveryCheckIn: the 8-hour check-in asks for a restart again")
    func restartOnEveryCheckIn() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch(defects: [.restartOnEveryCheckIn])
        let id = await fixture.signInAndRegister("alice").objectId
        fixture.app.clearEvents()
        try await fixture.advance(hours: 8)
        #expect(fixture.app.events == [.policy(.policiesHaveNotChanged, accountId: id, didSucceed: true), .restartApplication])
        await fixture.tearDown()
    }

    @Test("pinOnlyAtSetup: later launches do not ask for the PIN")
    func pinOnlyAtSetup() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy(["pinRequired": true])
        await fixture.launch(defects: [.pinOnlyAtSetup])
        await fixture.signInAndRegister("alice")
        fixture.app.answerPINs(["1234"])
        #expect(await fixture.launch() == .ready)
        fixture.app.clearEvents()
        #expect(await fixture.launch() == .ready)
        #expect(fixture.app.events.isEmpty)
        await fixture.tearDown()
    }

    @Test("untargetedBecomesManaged: 225 but the account is recorded as enrolled and managed")
    func untargetedBecomesManaged() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy(targeted: false)
        await fixture.launch(defects: [.untargetedBecomesManaged])
        let id = await fixture.signInAndRegister("alice").objectId
        #expect(fixture.app.events == [.enrollment(.licensedNotTargeted, accountId: id, didSucceed: false)])
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == id)
        #expect(fixture.sdk.policyManager.isAccountIdManaged(id))
        await fixture.tearDown()
    }

    @Test("unlicensedReportedAsUntargeted: an unlicensed account is reported as 225")
    func unlicensedReportedAsUntargeted() async throws {
        let fixture = try await SDKFixture.make(users: [("bob", false)])
        try await fixture.backend.createPolicy()
        await fixture.launch(defects: [.unlicensedReportedAsUntargeted])
        let id = await fixture.signInAndRegister("bob").objectId
        #expect(fixture.app.events == [.enrollment(.licensedNotTargeted, accountId: id, didSucceed: false)])
        await fixture.tearDown()
    }

    @Test("restartAfterLaunchEnrollment: enrolling at launch with MAMPolicyRequired still asks for a restart")
    func restartAfterLaunchEnrollment() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        fixture.app.answerSignIn(fixture.user("alice"))
        let settings = IntuneMAMSettings(autoEnrollOnLaunch: true, mamPolicyRequired: true)
        await fixture.launch(settings: settings, defects: [.restartAfterLaunchEnrollment])
        #expect(fixture.app.count(.restartApplication) == 1)
        await fixture.tearDown()
    }

    @Test("noPeriodicCheckIn: no check-in 8 hours later")
    func noPeriodicCheckIn() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch(defects: [.noPeriodicCheckIn])
        await fixture.signInAndRegister("alice")
        fixture.app.clearEvents()
        try await fixture.advance(hours: 24)
        #expect(fixture.app.events.isEmpty)
        #expect(try await fixture.backend.calls("mam.checkin").count == 1)
        await fixture.tearDown()
    }

    // issue 27: a policy change that newly requires a PIN
    @Test("pinSettingKeptFromFirstPolicy: a PIN the 8-hour check-in newly requires is not asked at the next launch; a correct SDK asks",
          arguments: [false, true])
    func pinSettingKeptFromFirstPolicy(broken: Bool) async throws {
        let fixture = try await SDKFixture.make()
        let policyId = try await fixture.backend.createPolicy(["pinRequired": false])
        await fixture.launch(defects: broken ? [.pinSettingKeptFromFirstPolicy] : [])
        let id = await fixture.signInAndRegister("alice").objectId
        try await fixture.backend.updatePolicy(policyId, ["pinRequired": true])
        try await fixture.advance(hours: 8)
        #expect(fixture.sdk.policyManager.policy(forAccountId: id)?.isPINRequired == !broken)
        fixture.app.answerPINs(["1234"])
        fixture.app.clearEvents()
        #expect(await fixture.launch() == .ready)
        #expect(fixture.app.events.isEmpty == broken)
        await fixture.tearDown()
    }

    // issue 27: the same account registering again in the same process
    @Test("reRegistrationIgnoredUntilRelaunch: a deregistered account registering again in the same process is ignored; a correct SDK enrolls it",
          arguments: [false, true])
    func reRegistrationIgnoredUntilRelaunch(broken: Bool) async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch(defects: broken ? [.reRegistrationIgnoredUntilRelaunch] : [])
        let alice = await fixture.signInAndRegister("alice")
        fixture.app.answerWipe(true)
        await fixture.sdk.deregister(alice, wipe: true)
        await fixture.idle()
        fixture.app.clearEvents()
        await fixture.signInAndRegister("alice")
        #expect(fixture.app.count(.enrollment(.newPoliciesReceived, accountId: alice.objectId, didSucceed: true)) == (broken ? 0 : 1))
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == (broken ? nil : alice.objectId))
        await fixture.tearDown()
    }
}
