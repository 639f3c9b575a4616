import Foundation
import ReferenceSDK
import Testing
import ReferenceTestSupport

/// Which identity a file belongs to (IDS-51, IDS-52): the writing thread's effective file identity, whatever the UI
/// identity, and established again when a file is opened in truncate mode; and the defects that break each rule.
@Suite("ReferenceSDK file ownership")
struct ReferenceSDKFileOwnershipTests {
    /// A multi-identity (or single-identity) app with alice enrolled under a policy without PIN.
    private static func aliceEnrolled(multiIdentity: Bool, defects: Set<SDKDefect> = [])
        async throws -> (SDKFixture, SDKTestUser) {
        let fixture = try await SDKFixture.identity(policy: [:])
        await fixture.launch(settings: IntuneMAMSettings(multiIdentity: multiIdentity), defects: defects)
        let alice = await fixture.enrollAlice()
        return (fixture, alice)
    }

    /// Creates (or truncates) `name` in the data directory under the thread identity `accountId` (nil: no scope)
    /// and returns the owner the SDK recorded (nil: none).
    private static func write(_ name: String, as accountId: String?, in fixture: SDKFixture) -> String? {
        let path = fixture.dataDirectory.appendingPathComponent(name).path
        let files = fixture.sdk.fileProtectionManager
        let create = {
            _ = FileManager.default.createFile(atPath: path, contents: Data("content".utf8))
            files.didCreateFile(atPath: path)
        }
        if let accountId { fixture.policyManager.setCurrentThreadAccountId(accountId, forScope: create) } else { create() }
        return files.protectionInfo(forPath: path)?.accountId
    }

    @Test("a managed UI identity leaves the owner of a file written under the thread identity \"\" alone (IDS-51)")
    func uiIdentityDoesNotOwnFiles() async throws {
        let (fixture, alice) = try await Self.aliceEnrolled(multiIdentity: true)
        #expect(await fixture.switchUI(alice.objectId) == .success)
        #expect(Self.write("personal.txt", as: "", in: fixture) == "")
        #expect(Self.write("corporate.txt", as: alice.objectId, in: fixture) == alice.objectId)
        await fixture.tearDown()
    }

    @Test("in a single-identity app the thread identity \"\" overrides the enrolled process identity (IDS-51)")
    func threadIdentityOverridesProcessIdentity() async throws {
        let (fixture, alice) = try await Self.aliceEnrolled(multiIdentity: false)
        #expect(fixture.policyManager.getProcessAccountId() == alice.objectId)
        #expect(Self.write("personal.txt", as: "", in: fixture) == "")
        #expect(Self.write("corporate.txt", as: nil, in: fixture) == alice.objectId)
        await fixture.tearDown()
    }

    @Test("truncating a file gives it to the truncating identity; with no identity at all it is left unowned (IDS-52)")
    func truncationEstablishesTheOwner() async throws {
        let (fixture, alice) = try await Self.aliceEnrolled(multiIdentity: true)
        #expect(Self.write("report.txt", as: alice.objectId, in: fixture) == alice.objectId)
        #expect(Self.write("report.txt", as: "", in: fixture) == "")
        #expect(Self.write("notes.txt", as: "", in: fixture) == "")
        #expect(Self.write("notes.txt", as: alice.objectId, in: fixture) == alice.objectId)
        // A multi-identity app outside any scope has no effective file identity: the truncated file has no owner now.
        #expect(Self.write("notes.txt", as: nil, in: fixture) == nil)
        await fixture.tearDown()
    }

    @Test("fileOwnerTakenFromUiIdentity: with alice shown, a file written under the thread identity \"\" is hers")
    func fileOwnerTakenFromUiIdentity() async throws {
        let (fixture, alice) = try await Self.aliceEnrolled(multiIdentity: true, defects: [.fileOwnerTakenFromUiIdentity])
        #expect(await fixture.switchUI(alice.objectId) == .success)
        #expect(Self.write("personal.txt", as: "", in: fixture) == alice.objectId)
        await fixture.tearDown()
    }

    @Test("processIdentityOverridesThreadIdentity: in a single-identity app the thread identity \"\" is ignored")
    func processIdentityOverridesThreadIdentity() async throws {
        let (fixture, alice) = try await Self.aliceEnrolled(multiIdentity: false,
                                                             defects: [.processIdentityOverridesThreadIdentity])
        #expect(Self.write("personal.txt", as: "", in: fixture) == alice.objectId)
        await fixture.tearDown()
    }

    @Test("truncateKeepsPreviousOwner: alice's file truncated under the thread identity \"\" stays hers")
    func truncateKeepsPreviousOwner() async throws {
        let (fixture, alice) = try await Self.aliceEnrolled(multiIdentity: true, defects: [.truncateKeepsPreviousOwner])
        #expect(Self.write("report.txt", as: alice.objectId, in: fixture) == alice.objectId)
        #expect(Self.write("report.txt", as: "", in: fixture) == alice.objectId)
        await fixture.tearDown()
    }
}
