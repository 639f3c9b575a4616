import Foundation
import ReferenceSDK
import Testing
import ReferenceTestSupport

/// The reference SDK against a failing MAM service and token endpoint (RES-01…RES-05): each behaviour, and the
/// defect that breaks it, seen from the app's callbacks and the service's journal on the virtual clock.
@Suite("ReferenceSDK resilience")
struct ReferenceSDKResilienceTests {
    private static func enrolledAlice(defects: Set<SDKDefect> = []) async throws -> (SDKFixture, SDKTestUser) {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        await fixture.launch(defects: defects)
        let alice = await fixture.signInAndRegister("alice")
        fixture.app.answerWipe(true)
        fixture.app.clearEvents()
        return (fixture, alice)
    }

    @Test(
        "RES-01: an enrollment that gets no answer is a 205 network failure and is retried every 24 hours until it succeeds; the defect never retries",
        arguments: [false, true])
    func enrollmentWithoutAnswer(defective: Bool) async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        try await fixture.backend.injectFault(["route": "mam.enroll", "drop": true])
        await fixture.launch(defects: defective ? [.noRetryAfterTransportFailure] : [])
        let id = await fixture.signInAndRegister("alice").objectId
        #expect(fixture.app.events == [.enrollment(.enrollmentEndPointNetworkFailure, accountId: id, didSucceed: false)])
        try await fixture.advance(hours: 24)
        try await fixture.backend.clearFaults()
        try await fixture.advance(hours: 24)
        let failures = fixture.app.count(.enrollment(.enrollmentEndPointNetworkFailure, accountId: id, didSucceed: false))
        if defective {
            #expect(failures == 1)
            #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == nil)
        } else {
            #expect(failures == 2, "the first retry failed too")
            #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == id)
            #expect(try await fixture.backend.calls("mam.enroll").filter { $0.status == 200 }.count == 1)
        }
        await fixture.tearDown()
    }

    @Test(
        "RES-02: a failed check-in keeps the held policy, so the next one finds it unchanged; the defect drops it",
        arguments: [false, true])
    func failedCheckInKeepsPolicy(defective: Bool) async throws {
        let (fixture, alice) = try await Self.enrolledAlice(defects: defective ? [.policyDroppedOnFailedCheckIn] : [])
        try await fixture.backend.injectFault(["route": "mam.checkin", "status": 503, "times": 1])
        try await fixture.advance(hours: 8)
        #expect(fixture.app.events == [.policy(.policyEndPointNetworkFailure, accountId: alice.objectId, didSucceed: false)])
        #expect(fixture.sdk.policyManager.isAccountIdManaged(alice.objectId))
        fixture.app.clearEvents()
        try await fixture.advance(hours: 8)
        let next: IntuneMAMEnrollmentStatusCode = defective ? .newPoliciesReceived : .policiesHaveNotChanged
        #expect(fixture.app.events.first == .policy(next, accountId: alice.objectId, didSucceed: true))
        #expect(fixture.app.count(.restartApplication) == (defective ? 1 : 0), "only a dropped policy comes back as a first policy")
        await fixture.tearDown()
    }

    @Test(
        "RES-03: a 429 check-in with Retry-After 3600 is tried again after an hour, not before; the defect after a minute",
        arguments: [false, true])
    func throttledCheckIn(defective: Bool) async throws {
        let (fixture, alice) = try await Self.enrolledAlice(defects: defective ? [.retryAfterIgnored] : [])
        try await fixture.backend.injectFault(["route": "mam.checkin", "status": 429, "retryAfter": 3600, "times": 1])
        try await fixture.advance(hours: 8)
        #expect(fixture.app.events == [.policy(.policyEndPointNetworkFailure, accountId: alice.objectId, didSucceed: false)])
        try await fixture.advance(hours: 59.0 / 60)
        let early = try await fixture.backend.calls("mam.checkin").map(\.status)
        #expect(early == (defective ? [200, 429, 200] : [200, 429]))
        try await fixture.advance(hours: 1.0 / 60)
        #expect(try await fixture.backend.calls("mam.checkin").map(\.status) == [200, 429, 200])
        #expect(fixture.app.count(.policy(.policiesHaveNotChanged, accountId: alice.objectId, didSucceed: true)) == 1)
        await fixture.tearDown()
    }

    @Test("RES-03: a 503 with Retry-After is honoured the same way; a 503 without one waits the usual 8 hours")
    func unavailableWithAndWithoutRetryAfter() async throws {
        let (fixture, _) = try await Self.enrolledAlice()
        try await fixture.backend.injectFault(["route": "mam.checkin", "status": 503, "retryAfter": 600, "times": 1])
        try await fixture.advance(hours: 8)
        try await fixture.advance(hours: 10.0 / 60)
        #expect(try await fixture.backend.calls("mam.checkin").map(\.status) == [200, 503, 200])
        try await fixture.backend.injectFault(["route": "mam.checkin", "status": 503, "times": 1])
        try await fixture.advance(hours: 8)
        try await fixture.advance(hours: 7)
        #expect(try await fixture.backend.calls("mam.checkin").map(\.status) == [200, 503, 200, 503])
        try await fixture.advance(hours: 1)
        #expect(try await fixture.backend.calls("mam.checkin").map(\.status) == [200, 503, 200, 503, 200])
        await fixture.tearDown()
    }

    @Test(
        "RES-04: the administrator's wipe runs once while its refused acknowledgement is sent again 5 minutes later and reported once; the defect wipes again",
        arguments: [false, true])
    func wipeOnceWhileAcknowledgementRetried(defective: Bool) async throws {
        let (fixture, alice) = try await Self.enrolledAlice(defects: defective ? [.wipeRepeatedOnAckRetry] : [])
        try await fixture.backend.wipe(userObjectId: alice.objectId, deviceTag: fixture.sdk.deviceTag)
        try await fixture.backend.injectFault(["route": "mam.unenroll", "status": 503, "times": 1])
        try await fixture.advance(hours: 8)
        #expect(fixture.app.count(.wipe(alice.objectId)) == 1)
        #expect(fixture.app.events.filter { if case .unenroll = $0 { true } else { false } }.isEmpty,
                "the unenroll is reported when the service has it")
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == nil, "management ended locally at once")
        try await fixture.advance(hours: 5.0 / 60)
        #expect(try await fixture.backend.calls("mam.unenroll").map(\.status) == [503, 200])
        #expect(fixture.app.count(.unenroll(.unenrollmentSuccess, accountId: alice.objectId, didSucceed: true)) == 1)
        #expect(fixture.app.count(.wipe(alice.objectId)) == (defective ? 2 : 1))
        try await fixture.advance(hours: 1)
        #expect(try await fixture.backend.calls("mam.unenroll").count == 2, "nothing more to acknowledge")
        await fixture.tearDown()
    }

    @Test("RES-04: an acknowledgement the service keeps refusing is given up after 12 attempts and reported as failed once")
    func acknowledgementGivenUp() async throws {
        let (fixture, alice) = try await Self.enrolledAlice()
        try await fixture.backend.wipe(userObjectId: alice.objectId, deviceTag: fixture.sdk.deviceTag)
        try await fixture.backend.injectFault(["route": "mam.unenroll", "status": 503])
        try await fixture.advance(hours: 8)
        try await fixture.advance(hours: 2)
        let attempts = try await fixture.backend.calls("mam.unenroll").map(\.status)
        #expect(attempts.count == 12, "\(attempts)")
        let reports = fixture.app.events.filter { if case .unenroll = $0 { true } else { false } }
        #expect(reports == [.unenroll(.enrollmentEndPointNetworkFailure, accountId: alice.objectId, didSucceed: false)])
        #expect(fixture.app.count(.wipe(alice.objectId)) == 1)
        await fixture.tearDown()
    }

    @Test(
        "RES-05: a deregistration whose token requests fail twice asks again and tells the service; the defect unenrolls locally only",
        arguments: [false, true])
    func deregistrationAsksAgainForItsToken(defective: Bool) async throws {
        let (fixture, alice) = try await Self.enrolledAlice(defects: defective ? [.deregisterWithoutToken] : [])
        try await fixture.backend.injectFault(["route": "token.password", "status": 503, "times": 2])
        await fixture.sdk.deregister(alice, wipe: false)
        await fixture.idle()
        let unenrolls = try await fixture.backend.calls("mam.unenroll").map(\.status)
        if defective {
            #expect(unenrolls.isEmpty)
            #expect(fixture.app.count(.unenroll(.unenrollmentSuccess, accountId: alice.objectId, didSucceed: true)) == 0)
        } else {
            #expect(unenrolls == [200])
            #expect(fixture.app.events == [.unenroll(.unenrollmentSuccess, accountId: alice.objectId, didSucceed: true)])
        }
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == nil)
        await fixture.tearDown()
    }
}
