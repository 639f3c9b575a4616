import Foundation
import ReferenceSDK
import Testing
import ReferenceTestSupport

/// The identity model of the reference SDK (IDS-01…07, IDS-09, IDS-10) against the real mock.
@Suite("ReferenceSDK identities")
struct ReferenceSDKIdentityTests {
    static var pinPolicy: [String: Any] { ["pinRequired": true, "minimumPinLength": 4] }

    @Test("single-identity: the enrolled account is the process, UI and thread identity (IDS-03)")
    func singleIdentity() async throws {
        let fixture = try await SDKFixture.identity(policy: Self.pinPolicy)
        await fixture.launch()
        let alice = await fixture.enrollAlice(pins: ["2580"])
        #expect(fixture.policyManager.getProcessAccountId() == alice.objectId)
        #expect(fixture.policyManager.getUIPolicyAccountId() == alice.objectId)
        #expect(fixture.policyManager.getCurrentThreadAccountId() == alice.objectId)
        // Launch passed the PIN: switching to the account asks for nothing more in this session.
        #expect(await fixture.switchUI(alice.objectId) == .success)
        #expect(fixture.app.events.isEmpty)
        await fixture.tearDown()
    }

    @Test("MultiIdentity: identities start nil, no PIN at launch, no policy for the current identity (IDS-04)")
    func multiIdentityStartsEmpty() async throws {
        let fixture = try await SDKFixture.identity(policy: Self.pinPolicy)
        await fixture.launch(settings: IntuneMAMSettings(multiIdentity: true))
        let alice = await fixture.enrollAlice()
        #expect(fixture.app.events.isEmpty)
        #expect(fixture.policyManager.getProcessAccountId() == nil)
        #expect(fixture.policyManager.getUIPolicyAccountId() == nil)
        #expect(fixture.policyManager.getCurrentThreadAccountId() == nil)
        #expect(fixture.policyManager.policy == nil)
        #expect(fixture.policyManager.policy(forAccountId: alice.objectId) != nil)
        await fixture.tearDown()
    }

    @Test("switch to the managed account: PIN first, then success; cancel → canceled, identity unchanged (IDS-05)")
    func switchRunsConditionalLaunch() async throws {
        let fixture = try await SDKFixture.identity(policy: Self.pinPolicy)
        await fixture.launch(settings: IntuneMAMSettings(multiIdentity: true))
        let alice = await fixture.enrollAlice()
        fixture.app.answerPINs([nil])
        #expect(await fixture.switchUI(alice.objectId) == .canceled)
        #expect(fixture.policyManager.getUIPolicyAccountId() == nil)
        fixture.app.answerPINs(["2580"])
        #expect(await fixture.switchUI(alice.objectId) == .success)
        #expect(fixture.app.events == [.ui(.pinSetup), .ui(.pinSetup)])
        #expect(fixture.policyManager.getUIPolicyAccountId() == alice.objectId)
        #expect(fixture.policyManager.policy?.isPINRequired == true)
        // Away to "" and back within the session: no PIN again.
        fixture.host.clear()
        #expect(await fixture.switchUI("") == .success)
        #expect(fixture.policyManager.policy == nil)
        #expect(await fixture.switchUI(alice.objectId) == .success)
        #expect(fixture.app.events.isEmpty)
        await fixture.tearDown()
    }

    @Test("switch to \"\" or an unmanaged account: success, no PIN, no policy (IDS-02)")
    func switchToUnmanaged() async throws {
        let fixture = try await SDKFixture.identity(policy: Self.pinPolicy)
        await fixture.launch(settings: IntuneMAMSettings(multiIdentity: true))
        await fixture.enrollAlice()
        #expect(await fixture.switchUI("") == .success)
        #expect(fixture.policyManager.getUIPolicyAccountId() == "")
        let personal = "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0ff"
        #expect(await fixture.switchUI(personal) == .success)
        #expect(fixture.policyManager.getUIPolicyAccountId() == personal)
        #expect(fixture.policyManager.policy == nil)
        #expect(fixture.app.events.isEmpty)
        await fixture.tearDown()
    }

    @Test("a second account of the organisation: 227 at registration, not-allowed as UI identity (IDS-01)")
    func secondAccountNotAllowed() async throws {
        let fixture = try await SDKFixture.identity(policy: [:])
        await fixture.launch(settings: IntuneMAMSettings(multiIdentity: true))
        await fixture.enrollAlice()
        await fixture.registerBob()
        let bob = fixture.user("bob")
        #expect(fixture.app.events.contains(.enrollment(.singleManagedAccountMode, accountId: bob.objectId, didSucceed: false)))
        #expect(await fixture.switchUI(bob.objectId) == .notAllowed)
        #expect(fixture.policyManager.getUIPolicyAccountId() == nil)
        // An item of bob cannot open either; the app is not even asked.
        #expect(await fixture.receive(ownedBy: bob.objectId) == IntuneMAMOpenOutcome(opened: false, switched: false))
        #expect(fixture.host.switchRequests.isEmpty)
        await fixture.tearDown()
    }

    @Test("the managed account in other letter case is the same identity (IDS-07)")
    func caseInsensitive() async throws {
        let fixture = try await SDKFixture.identity(policy: Self.pinPolicy)
        await fixture.launch(settings: IntuneMAMSettings(multiIdentity: true))
        let alice = await fixture.enrollAlice()
        fixture.app.answerPINs(["2580"])
        #expect(await fixture.switchUI(alice.objectId.uppercased()) == .success)
        #expect(fixture.app.events == [.ui(.pinSetup)])
        #expect(await fixture.receive(ownedBy: alice.objectId) == IntuneMAMOpenOutcome(opened: true, switched: false))
        #expect(fixture.host.switchRequests.isEmpty)
        await fixture.tearDown()
    }

    @Test("hand-offs: the SDK asks to switch; success switches (with PIN), failed refuses, \"\" = unmanaged (IDS-06)")
    func sdkInitiatedSwitch() async throws {
        let fixture = try await SDKFixture.identity(policy: Self.pinPolicy)
        await fixture.launch(settings: IntuneMAMSettings(multiIdentity: true))
        let alice = await fixture.enrollAlice()
        fixture.app.answerPINs(["2580"])
        #expect(await fixture.receive(ownedBy: alice.objectId) == IntuneMAMOpenOutcome(opened: true, switched: true))
        #expect(fixture.app.events == [.ui(.pinSetup)])
        fixture.host.answerSwitch(.failed)
        #expect(await fixture.receive(ownedBy: "", document: true) == IntuneMAMOpenOutcome(opened: false, switched: false))
        #expect(fixture.policyManager.getUIPolicyAccountId() == alice.objectId)
        fixture.host.answerSwitch(.success)
        #expect(await fixture.receive(ownedBy: "") == IntuneMAMOpenOutcome(opened: true, switched: true))
        #expect(fixture.policyManager.getUIPolicyAccountId() == "")
        #expect(fixture.host.switchRequests == [
            .init(accountId: alice.objectId, reason: .openURL), .init(accountId: "", reason: .documentImport),
            .init(accountId: "", reason: .openURL),
        ])
        await fixture.tearDown()
    }

    /// No recheck period: every return to the foreground asks for the PIN again (CL-03).
    static var pinAtEveryResumePolicy: [String: Any] { pinPolicy.merging(["periodOnlineBeforeAccessCheck": "PT0S"]) { $1 } }

    @Test("resume: PIN again; cancelling asks a multi-identity app to switch to \"\" (IDS-06)")
    func resumeCancelAsksForSwitch() async throws {
        let fixture = try await SDKFixture.identity(policy: Self.pinAtEveryResumePolicy)
        await fixture.launch(settings: IntuneMAMSettings(multiIdentity: true))
        let alice = await fixture.enrollAlice()
        fixture.app.answerPINs(["2580"])
        #expect(await fixture.switchUI(alice.objectId) == .success)
        fixture.host.clear()
        fixture.app.answerPINs(["2580"])
        #expect(await fixture.resume() == .ready)
        #expect(fixture.app.events == [.ui(.pinEntry)])
        fixture.app.answerPINs([nil])
        #expect(await fixture.resume() == .ready)
        #expect(fixture.host.switchRequests == [.init(accountId: "", reason: .cancelConditionalLaunch)])
        #expect(fixture.policyManager.getUIPolicyAccountId() == "")
        await fixture.tearDown()
    }

    @Test("files belong to the thread identity, else the process identity; the wipe removes the owner's (IDS-09)")
    func fileOwnership() async throws {
        let fixture = try await SDKFixture.identity(policy: [:])
        await fixture.launch(settings: IntuneMAMSettings(multiIdentity: true))
        let alice = await fixture.enrollAlice()
        let corporate = fixture.dataDirectory.appendingPathComponent("corporate.txt").path
        let personal = fixture.dataDirectory.appendingPathComponent("personal.txt").path
        let files = fixture.sdk.fileProtectionManager
        fixture.policyManager.setCurrentThreadAccountId(alice.objectId) {
            #expect(fixture.policyManager.getCurrentThreadAccountId() == alice.objectId)
            _ = FileManager.default.createFile(atPath: corporate, contents: Data("figures".utf8))
            files.didCreateFile(atPath: corporate)
        }
        #expect(fixture.policyManager.getCurrentThreadAccountId() == nil)
        _ = FileManager.default.createFile(atPath: personal, contents: Data("list".utf8))
        files.didCreateFile(atPath: personal)
        #expect(files.protectionInfo(forPath: corporate)?.accountId == alice.objectId)
        #expect(files.protectionInfo(forPath: personal) == nil)
        fixture.app.answerWipe(false)
        await sdkTestOffPool { [sdk = fixture.sdk] in
            sdk.enrollmentManager.deRegisterAndUnenrollAccountId(alice.objectId, withWipe: true)
        }
        await fixture.idle()
        #expect(!FileManager.default.fileExists(atPath: corporate))
        #expect(FileManager.default.fileExists(atPath: personal))
        #expect(fixture.host.notifications(.wipeDidComplete) == [IntuneMAMNotification(name: .wipeDidComplete,
                                                                                        accountId: alice.objectId)])
        await fixture.tearDown()
    }

    @Test("protect encrypts for the managed account, only tags for others; unprotect round-trips (IDS-10)")
    func dataProtection() async throws {
        let fixture = try await SDKFixture.identity(policy: [:])
        await fixture.launch()
        let alice = await fixture.enrollAlice()
        let manager = fixture.sdk.dataProtectionManager
        let text = Data("quarterly figures".utf8)
        let managed = manager.protect(text, accountId: alice.objectId.uppercased())
        #expect(manager.protectionInfo(managed) == IntuneMAMDataProtectionInfo(accountId: alice.objectId.uppercased(),
                                                                               isEncrypted: true))
        #expect(managed.range(of: text) == nil)
        #expect(manager.unprotect(managed) == text)
        let bob = fixture.user("bob").objectId
        let tagged = manager.protect(text, accountId: bob)
        #expect(manager.protectionInfo(tagged)?.isEncrypted == false)
        #expect(manager.protectionInfo(tagged)?.accountId == bob)
        #expect(tagged.range(of: text) != nil)
        #expect(manager.protectionInfo(manager.protect(text, accountId: ""))?.accountId == "")
        #expect(manager.protectionInfo(text) == nil)
        #expect(manager.unprotect(text) == text)
        await fixture.tearDown()
    }
}
