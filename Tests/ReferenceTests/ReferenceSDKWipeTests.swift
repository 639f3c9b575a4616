import Foundation
import ReferenceSDK
import Testing
import ReferenceTestSupport

/// Deregistration and selective wipe (WIP-01…08, WIP-10, RST-06).
@Suite("ReferenceSDK deregistration and wipe")
struct ReferenceSDKWipeTests {
    @Test("wipe: wipeData once; on false the SDK deletes only the account's files")
    func wipeAppFails() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch()
        let alice = await fixture.signInAndRegister("alice")
        let corporate = fixture.writeFile("alice.txt", owner: alice.objectId)
        let personal = fixture.writeFile("personal.txt", owner: "")
        let unowned = fixture.dataDirectory.appendingPathComponent("unowned.txt")
        _ = FileManager.default.createFile(atPath: unowned.path, contents: Data("x".utf8))
        fixture.app.answerWipe(false)
        fixture.app.clearEvents()

        await fixture.sdk.deregister(alice, wipe: true)
        await fixture.idle()

        #expect(fixture.app.events == [
            .wipe(alice.objectId),
            .unenroll(.unenrollmentSuccess, accountId: alice.objectId, didSucceed: true),
        ])
        #expect(!FileManager.default.fileExists(atPath: corporate.path))
        #expect(FileManager.default.fileExists(atPath: personal.path))
        #expect(FileManager.default.fileExists(atPath: unowned.path))
        #expect(fixture.sdk.enrollmentManager.registeredAccountIds().isEmpty)
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == nil)
        #expect(!fixture.sdk.policyManager.isAccountIdManaged(alice.objectId))
        #expect(fixture.sdk.policyManager.policy(forAccountId: alice.objectId) == nil)
        #expect(try await fixture.backend.calls("mam.unenroll").map(\.status) == [200])
        await fixture.tearDown()
    }

    @Test("wipe: on true the SDK leaves the files to the app")
    func wipeAppSucceeds() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch()
        let alice = await fixture.signInAndRegister("alice")
        let corporate = fixture.writeFile("alice.txt", owner: alice.objectId)
        fixture.app.answerWipe(true)
        await fixture.sdk.deregister(alice, wipe: true)
        await fixture.idle()
        #expect(fixture.app.count(.wipe(alice.objectId)) == 1)
        #expect(FileManager.default.fileExists(atPath: corporate.path))
        await fixture.tearDown()
    }

    @Test("no wipe: no wipe callback, no data deleted, unenroll still reported")
    func deregisterWithoutWipe() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch()
        let alice = await fixture.signInAndRegister("alice")
        let corporate = fixture.writeFile("alice.txt", owner: alice.objectId)
        fixture.app.clearEvents()
        await fixture.sdk.deregister(alice, wipe: false)
        await fixture.idle()
        #expect(fixture.app.events == [.unenroll(.unenrollmentSuccess, accountId: alice.objectId, didSucceed: true)])
        #expect(FileManager.default.fileExists(atPath: corporate.path))
        // RST-06: the app works unmanaged afterwards, and no check-in happens any more.
        try await fixture.advance(hours: 48)
        #expect(try await fixture.backend.calls("mam.checkin").count == 1)
        #expect(await fixture.launch() == .ready)
        await fixture.tearDown()
    }

    @Test("deregistering a not enrolled account stops its retries")
    func deregisterStopsRetries() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy(targeted: false)
        await fixture.launch()
        let alice = await fixture.signInAndRegister("alice")
        await fixture.sdk.deregister(alice, wipe: true)
        await fixture.idle()
        try await fixture.advance(hours: 72)
        #expect(try await fixture.backend.calls("mam.enroll").count == 1)
        #expect(!fixture.app.events.contains(.wipe(alice.objectId)))
        #expect(fixture.clock.pendingDeadlines.isEmpty)
        await fixture.tearDown()
    }

    @Test("deregistration blocks until it has a token, and the unenroll uses it")
    func deregisterWaitsForToken() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch()
        let alice = await fixture.signInAndRegister("alice")
        let tokensBefore = fixture.app.tokensIssued.count
        await fixture.sdk.deregister(alice, wipe: false)
        // The token was obtained before the call returned.
        #expect(fixture.app.tokensIssued.count == tokensBefore + 1)
        #expect(fixture.sdk.enrollmentManager.registeredAccountIds().isEmpty)
        await fixture.tearDown()
    }
}
