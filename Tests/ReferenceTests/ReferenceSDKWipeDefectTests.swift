import Foundation
import Locking
import ReferenceSDK
import Testing
import ReferenceTestSupport

/// Each deregistration and wipe defect (WIP-01…09) visibly changes the one behaviour it names; the correct
/// behaviour of the same scenarios is covered by ReferenceSDKWipeTests and ReferenceSDKCheckInTests.
@Suite("ReferenceSDK deregistration and wipe defects")
struct ReferenceSDKWipeDefectTests {
    /// Alice enrolled (with a file of hers and one personal file), the wipe answer scripted; events cleared.
    private static func enrolledAlice(defects: Set<SDKDefect>, wipeAnswer: Bool = true)
        async throws -> (SDKFixture, SDKTestUser, corporate: URL, personal: URL) {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch(defects: defects)
        let alice = await fixture.signInAndRegister("alice")
        let corporate = fixture.writeFile("alice.txt", owner: alice.objectId)
        let personal = fixture.writeFile("personal.txt", owner: "")
        fixture.app.answerWipe(wipeAnswer)
        fixture.app.clearEvents()
        return (fixture, alice, corporate, personal)
    }

    @Test("wipeCallbackSkipped: no wipe callback, nothing deleted, unenroll still reported")
    func wipeCallbackSkipped() async throws {
        let (fixture, alice, corporate, _) = try await Self.enrolledAlice(defects: [.wipeCallbackSkipped], wipeAnswer: false)
        await fixture.sdk.deregister(alice, wipe: true)
        await fixture.idle()
        #expect(fixture.app.events == [.unenroll(.unenrollmentSuccess, accountId: alice.objectId, didSucceed: true)])
        #expect(FileManager.default.fileExists(atPath: corporate.path))
        await fixture.tearDown()
    }

    @Test("wipeCallbackGetsUpn: the wipe callback gets the UPN")
    func wipeCallbackGetsUpn() async throws {
        let (fixture, alice, _, _) = try await Self.enrolledAlice(defects: [.wipeCallbackGetsUpn])
        await fixture.sdk.deregister(alice, wipe: true)
        await fixture.idle()
        #expect(fixture.app.events == [
            .wipe(alice.upn.lowercased()),
            .unenroll(.unenrollmentSuccess, accountId: alice.objectId, didSucceed: true),
        ])
        await fixture.tearDown()
    }

    @Test("falseReturnIgnored: on false the SDK deletes nothing")
    func falseReturnIgnored() async throws {
        let (fixture, alice, corporate, _) = try await Self.enrolledAlice(defects: [.falseReturnIgnored], wipeAnswer: false)
        await fixture.sdk.deregister(alice, wipe: true)
        await fixture.idle()
        #expect(fixture.app.count(.wipe(alice.objectId)) == 1)
        #expect(FileManager.default.fileExists(atPath: corporate.path))
        await fixture.tearDown()
    }

    @Test("wipeDespiteNoWipe: wipe false still calls the wipe callback (and deletes on false)")
    func wipeDespiteNoWipe() async throws {
        let (fixture, alice, corporate, personal) = try await Self.enrolledAlice(defects: [.wipeDespiteNoWipe], wipeAnswer: false)
        await fixture.sdk.deregister(alice, wipe: false)
        await fixture.idle()
        #expect(fixture.app.events == [
            .wipe(alice.objectId),
            .unenroll(.unenrollmentSuccess, accountId: alice.objectId, didSucceed: true),
        ])
        #expect(!FileManager.default.fileExists(atPath: corporate.path))
        #expect(FileManager.default.fileExists(atPath: personal.path))
        await fixture.tearDown()
    }

    @Test("unenrollNotReported: the unenroll happens but unenrollRequest never comes")
    func unenrollNotReported() async throws {
        let (fixture, alice, _, _) = try await Self.enrolledAlice(defects: [.unenrollNotReported])
        await fixture.sdk.deregister(alice, wipe: true)
        await fixture.idle()
        #expect(fixture.app.events == [.wipe(alice.objectId)])
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == nil)
        #expect(try await fixture.backend.calls("mam.unenroll").map(\.status) == [200])
        await fixture.tearDown()
    }

    @Test("policyKeptAfterUnenroll: the account stays managed with its policy")
    func policyKeptAfterUnenroll() async throws {
        let (fixture, alice, _, _) = try await Self.enrolledAlice(defects: [.policyKeptAfterUnenroll])
        await fixture.sdk.deregister(alice, wipe: false)
        await fixture.idle()
        #expect(fixture.app.events == [.unenroll(.unenrollmentSuccess, accountId: alice.objectId, didSucceed: true)])
        #expect(fixture.sdk.policyManager.isAccountIdManaged(alice.objectId))
        #expect(fixture.sdk.policyManager.policy(forAccountId: alice.objectId) != nil)
        #expect(fixture.sdk.enrollmentManager.registeredAccountIds().isEmpty)
        #expect(try await fixture.backend.calls("mam.unenroll").map(\.status) == [200])
        await fixture.tearDown()
    }

    @Test("registrationKeptAfterDeregister: registeredAccountIds still lists the account")
    func registrationKeptAfterDeregister() async throws {
        let (fixture, alice, _, _) = try await Self.enrolledAlice(defects: [.registrationKeptAfterDeregister])
        await fixture.sdk.deregister(alice, wipe: false)
        await fixture.idle()
        #expect(fixture.sdk.enrollmentManager.registeredAccountIds() == [alice.objectId])
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == nil)
        #expect(!fixture.sdk.policyManager.isAccountIdManaged(alice.objectId))
        await fixture.tearDown()
    }

    @Test("adminWipeIgnored: the wipe command is an ordinary check-in")
    func adminWipeIgnored() async throws {
        let (fixture, alice, corporate, _) = try await Self.enrolledAlice(defects: [.adminWipeIgnored])
        try await fixture.backend.wipe(userObjectId: alice.objectId, deviceTag: fixture.sdk.deviceTag)
        try await fixture.advance(hours: 8)
        #expect(fixture.app.events == [.policy(.policiesHaveNotChanged, accountId: alice.objectId, didSucceed: true)])
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == alice.objectId)
        #expect(FileManager.default.fileExists(atPath: corporate.path))
        #expect(try await fixture.backend.calls("mam.unenroll").isEmpty)
        await fixture.tearDown()
    }

    @Test("retryAfterDeregister: a deregistered, never enrolled account is still retried every 24 hours")
    func retryAfterDeregister() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy(targeted: false)
        await fixture.launch(defects: [.retryAfterDeregister])
        let alice = await fixture.signInAndRegister("alice")
        await fixture.sdk.deregister(alice, wipe: false)
        await fixture.idle()
        #expect(fixture.sdk.enrollmentManager.registeredAccountIds().isEmpty)
        fixture.app.clearEvents()
        try await fixture.advance(hours: 24)
        #expect(try await fixture.backend.calls("mam.enroll").count == 2)
        #expect(fixture.app.events == [.enrollment(.licensedNotTargeted, accountId: alice.objectId, didSucceed: false)])
        await fixture.launch()
        try await fixture.advance(hours: 24)
        #expect(try await fixture.backend.calls("mam.enroll").count == 3, "the retry list survives a restart")
        await fixture.tearDown()
    }

    // issue 27: periodic events after deregistration
    @Test("checkInsContinueAfterDeregister: the deregistered account is still checked in every 8 hours; a correct SDK stops",
          arguments: [false, true])
    func checkInsContinueAfterDeregister(broken: Bool) async throws {
        let (fixture, alice, _, _) = try await Self.enrolledAlice(defects: broken ? [.checkInsContinueAfterDeregister] : [])
        await fixture.sdk.deregister(alice, wipe: false)
        await fixture.idle()
        fixture.app.clearEvents()
        try await fixture.advance(hours: 8)
        try await fixture.advance(hours: 8)
        let policyEvents = fixture.app.events.filter { if case .policy = $0 { true } else { false } }
        #expect(policyEvents.count == (broken ? 2 : 0))
        await fixture.tearDown()
    }

    // issue 27: the wipe callback's thread
    @Test("wipeCallbackOnMainThread: the callback runs on the main thread; a correct SDK calls it from the background",
          arguments: [false, true])
    func wipeCallbackOnMainThread(broken: Bool) async throws {
        let (fixture, alice, _, _) = try await Self.enrolledAlice(defects: broken ? [.wipeCallbackOnMainThread] : [])
        let onMainThread = Locked<[Bool]>([])
        fixture.app.answerWipe(true) { _ in onMainThread.withLock { $0.append(SimulatedMainThread.isCurrent) } }
        await fixture.sdk.deregister(alice, wipe: true)
        await fixture.idle()
        #expect(onMainThread.read { $0 } == [broken])
        await fixture.tearDown()
    }

    @Test("wipeCallbackNotAwaited: files deleted and unenroll reported before the callback; a correct SDK waits for it",
          arguments: [false, true])
    func wipeCallbackNotAwaited(broken: Bool) async throws {
        let (fixture, alice, corporate, _) = try await Self.enrolledAlice(defects: broken ? [.wipeCallbackNotAwaited] : [])
        let fileThereWhenCalled = Locked<[Bool]>([])
        fixture.app.answerWipe(true) { _ in
            fileThereWhenCalled.withLock { $0.append(FileManager.default.fileExists(atPath: corporate.path)) }
        }
        await fixture.sdk.deregister(alice, wipe: true)
        await fixture.idle()
        let wipe = SDKTestEvent.wipe(alice.objectId)
        let unenroll = SDKTestEvent.unenroll(.unenrollmentSuccess, accountId: alice.objectId, didSucceed: true)
        #expect(fixture.app.events == (broken ? [unenroll, wipe] : [wipe, unenroll]))
        #expect(fileThereWhenCalled.read { $0 } == [!broken])
        await fixture.tearDown()
    }
}
