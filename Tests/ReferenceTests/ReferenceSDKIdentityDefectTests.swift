import Foundation
import ReferenceSDK
import Testing
import ReferenceTestSupport

/// Each identity defect (IDS) visibly changes the one behaviour it names; the correct behaviour of the same
/// scenarios is in ReferenceSDKIdentityTests.
@Suite("ReferenceSDK identity defects")
struct ReferenceSDKIdentityDefectTests {
    private static let multi = IntuneMAMSettings(multiIdentity: true)

    /// A multi-identity (or single-identity) app with alice enrolled under a PIN policy, events cleared.
    private static func aliceEnrolled(_ defect: SDKDefect, settings: IntuneMAMSettings = multi, pins: [String?] = [])
        async throws -> (SDKFixture, SDKTestUser) {
        let fixture = try await SDKFixture.identity(policy: ReferenceSDKIdentityTests.pinPolicy)
        await fixture.launch(settings: settings, defects: [defect])
        let alice = await fixture.enrollAlice(pins: pins)
        return (fixture, alice)
    }

    @Test("identityComparedCaseSensitively: the managed account in other case is a second account: not-allowed")
    func identityComparedCaseSensitively() async throws {
        let (fixture, alice) = try await Self.aliceEnrolled(.identityComparedCaseSensitively)
        fixture.app.answerPINs(["2580"])
        #expect(await fixture.switchUI(alice.objectId.uppercased()) == .notAllowed)
        #expect(fixture.app.events.isEmpty)
        #expect(await fixture.switchUI(alice.objectId) == .success)
        await fixture.tearDown()
    }

    @Test("switchCompletesBeforePin: a cancelled PIN still completes the switch with success")
    func switchCompletesBeforePin() async throws {
        let (fixture, alice) = try await Self.aliceEnrolled(.switchCompletesBeforePin)
        fixture.app.answerPINs([nil])
        #expect(await fixture.switchUI(alice.objectId) == .success)
        await fixture.idle()
        #expect(fixture.app.events == [.ui(.pinSetup)])
        #expect(fixture.policyManager.getUIPolicyAccountId() == alice.objectId)
        await fixture.tearDown()
    }

    @Test("emptyIdentityTreatedAsManaged: switching to \"\" runs the PIN and makes the managed account the UI identity")
    func emptyIdentityTreatedAsManaged() async throws {
        let (fixture, alice) = try await Self.aliceEnrolled(.emptyIdentityTreatedAsManaged)
        fixture.app.answerPINs(["2580"])
        #expect(await fixture.switchUI("") == .success)
        #expect(fixture.app.events == [.ui(.pinSetup)])
        #expect(fixture.policyManager.getUIPolicyAccountId() == alice.objectId)
        await fixture.tearDown()
    }

    @Test("secondAccountSwitchAllowed: another account of the organisation becomes the UI identity")
    func secondAccountSwitchAllowed() async throws {
        let (fixture, _) = try await Self.aliceEnrolled(.secondAccountSwitchAllowed)
        await fixture.registerBob()
        let bob = fixture.user("bob").objectId
        #expect(await fixture.switchUI(bob) == .success)
        #expect(fixture.policyManager.getUIPolicyAccountId() == bob)
        await fixture.tearDown()
    }

    @Test("processIdentityNotSet: a single-identity app has no process identity after enrollment")
    func processIdentityNotSet() async throws {
        let (fixture, alice) = try await Self.aliceEnrolled(.processIdentityNotSet, settings: IntuneMAMSettings(),
                                                             pins: ["2580"])
        #expect(fixture.policyManager.isAccountIdManaged(alice.objectId))
        #expect(fixture.policyManager.getProcessAccountId() == nil)
        #expect(fixture.policyManager.getUIPolicyAccountId() == nil)
        await fixture.tearDown()
    }

    @Test("multiIdentityStartsManaged: a MultiIdentity app starts as the enrolled account, with the PIN at launch")
    func multiIdentityStartsManaged() async throws {
        let fixture = try await SDKFixture.identity(policy: ReferenceSDKIdentityTests.pinPolicy)
        await fixture.launch(settings: Self.multi, defects: [.multiIdentityStartsManaged])
        let alice = fixture.user("alice")
        fixture.app.signIn(alice)
        fixture.sdk.enrollmentManager.registerAndEnrollAccountId(alice.objectId)
        await fixture.idle()
        fixture.app.clearEvents()
        fixture.app.answerPINs(["2580"])
        #expect(await fixture.launch() == .ready)
        #expect(fixture.app.events == [.ui(.pinSetup)])
        #expect(fixture.policyManager.getProcessAccountId() == alice.objectId)
        await fixture.tearDown()
    }

    @Test("switchRequiredNotAsked: a hand-off switches the UI identity without asking the app")
    func switchRequiredNotAsked() async throws {
        let (fixture, alice) = try await Self.aliceEnrolled(.switchRequiredNotAsked)
        fixture.host.answerSwitch(.failed)
        fixture.app.answerPINs(["2580"])
        #expect(await fixture.receive(ownedBy: alice.objectId) == IntuneMAMOpenOutcome(opened: true, switched: true))
        #expect(fixture.host.switchRequests.isEmpty)
        #expect(fixture.policyManager.getUIPolicyAccountId() == alice.objectId)
        await fixture.tearDown()
    }

    @Test("fileOwnerIgnoresThreadIdentity: a file created in alice's thread scope gets no owner and survives her wipe")
    func fileOwnerIgnoresThreadIdentity() async throws {
        let (fixture, alice) = try await Self.aliceEnrolled(.fileOwnerIgnoresThreadIdentity)
        let path = fixture.dataDirectory.appendingPathComponent("corporate.txt").path
        let files = fixture.sdk.fileProtectionManager
        fixture.policyManager.setCurrentThreadAccountId(alice.objectId) {
            _ = FileManager.default.createFile(atPath: path, contents: Data("figures".utf8))
            files.didCreateFile(atPath: path)
        }
        #expect(files.protectionInfo(forPath: path) == nil)
        fixture.app.answerWipe(false)
        await sdkTestOffPool { [sdk = fixture.sdk] in
            sdk.enrollmentManager.deRegisterAndUnenrollAccountId(alice.objectId, withWipe: true)
        }
        await fixture.idle()
        #expect(FileManager.default.fileExists(atPath: path))
        await fixture.tearDown()
    }

    @Test("protectEncryptsUnmanaged: protect encrypts for an unmanaged account")
    func protectEncryptsUnmanaged() async throws {
        let (fixture, _) = try await Self.aliceEnrolled(.protectEncryptsUnmanaged)
        let manager = fixture.sdk.dataProtectionManager
        let protected = manager.protect(Data("holiday plans".utf8), accountId: fixture.user("bob").objectId)
        #expect(manager.protectionInfo(protected)?.isEncrypted == true)
        #expect(manager.protectionInfo(manager.protect(Data("list".utf8), accountId: ""))?.isEncrypted == true)
        await fixture.tearDown()
    }
}
