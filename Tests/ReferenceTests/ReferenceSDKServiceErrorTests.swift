import Foundation
import ReferenceSDK
import Testing
import ReferenceTestSupport

/// The MAM service failing (injected faults): status codes, the 24-hour retry (ENR-03) and its stop and
/// resumption around another account's enrollment (ENR-04).
@Suite("ReferenceSDK service errors and retries")
struct ReferenceSDKServiceErrorTests {
    @Test("503 at enrollment: 205 network failure, retried 24 hours later and not before")
    func unavailableRetriedAfter24Hours() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        try await fixture.backend.injectFault(route: "mam.enroll", status: 503, times: 1)
        await fixture.launch()
        let id = await fixture.signInAndRegister("alice").objectId
        #expect(fixture.app.events == [.enrollment(.enrollmentEndPointNetworkFailure, accountId: id, didSucceed: false)])
        #expect(fixture.sdk.enrollmentManager.registeredAccountIds() == [id])

        try await fixture.advance(hours: 23)
        #expect(try await fixture.backend.calls("mam.enroll").map(\.status) == [503])
        try await fixture.advance(hours: 1)
        #expect(try await fixture.backend.calls("mam.enroll").map(\.status) == [503, 200])
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == id)
        #expect(fixture.app.count(.enrollment(.newPoliciesReceived, accountId: id, didSucceed: true)) == 1)
        await fixture.tearDown()
    }

    @Test("a still failing retry is retried again 24 hours later")
    func retryEvery24Hours() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        try await fixture.backend.injectFault(route: "mam.enroll", status: 503, times: 2)
        await fixture.launch()
        await fixture.signInAndRegister("alice")
        try await fixture.advance(hours: 24)
        #expect(try await fixture.backend.calls("mam.enroll").map(\.status) == [503, 503])
        try await fixture.advance(hours: 23)
        #expect(try await fixture.backend.calls("mam.enroll").count == 2)
        try await fixture.advance(hours: 1)
        #expect(try await fixture.backend.calls("mam.enroll").map(\.status) == [503, 503, 200])
        await fixture.tearDown()
    }

    @Test("other error answers: 4xx at enrollment is 201 internal error, 503 at check-in is 212")
    func otherStatuses() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        try await fixture.backend.injectFault(route: "mam.enroll", status: 400, times: 1)
        await fixture.launch()
        let id = await fixture.signInAndRegister("alice").objectId
        #expect(fixture.app.events == [.enrollment(.internalError, accountId: id, didSucceed: false)])
        try await fixture.advance(hours: 24)
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == id)
        try await fixture.backend.injectFault(route: "mam.checkin", status: 503, times: 1)
        fixture.app.clearEvents()
        try await fixture.advance(hours: 8)
        #expect(fixture.app.events == [.policy(.policyEndPointNetworkFailure, accountId: id, didSucceed: false)])
        #expect(fixture.sdk.policyManager.isAccountIdManaged(id))
        await fixture.tearDown()
    }

    @Test("retries stop once another account enrolls and resume 24 hours after it unenrolls")
    func retriesStopAndResume() async throws {
        let fixture = try await SDKFixture.make(users: [("alice", true), ("carol", false)])
        try await fixture.backend.createPolicy()
        await fixture.launch()
        let carol = await fixture.signInAndRegister("carol")
        let alice = await fixture.signInAndRegister("alice")
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == alice.objectId)
        try await fixture.advance(hours: 48)
        #expect(try await fixture.backend.calls("mam.enroll").count == 2)
        #expect(fixture.clock.pendingDeadlines.count == 1, "only the check-in")

        await fixture.sdk.deregister(alice, wipe: false)
        await fixture.idle()
        fixture.app.clearEvents()
        try await fixture.advance(hours: 23)
        #expect(try await fixture.backend.calls("mam.enroll").count == 2)
        try await fixture.advance(hours: 1)
        #expect(try await fixture.backend.calls("mam.enroll").count == 3)
        #expect(fixture.app.events == [.enrollment(.accountNotLicensed, accountId: carol.objectId, didSucceed: false)])
        await fixture.tearDown()
    }

    @Test("defect retryAfterOneHour: the failed enrollment is retried an hour later")
    func retryAfterOneHour() async throws {
        let fixture = try await SDKFixture.make()
        try await fixture.backend.createPolicy()
        try await fixture.backend.injectFault(route: "mam.enroll", status: 503, times: 1)
        await fixture.launch(defects: [.retryAfterOneHour])
        let id = await fixture.signInAndRegister("alice").objectId
        try await fixture.advance(hours: 1)
        #expect(try await fixture.backend.calls("mam.enroll").map(\.status) == [503, 200])
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == id)
        await fixture.tearDown()
    }

    @Test("defect retriesContinueAfterEnrollment: the other account's enrollment is re-sent every 24 hours")
    func retriesContinueAfterEnrollment() async throws {
        let fixture = try await SDKFixture.make(users: [("alice", true), ("carol", false)])
        try await fixture.backend.createPolicy()
        await fixture.launch(defects: [.retriesContinueAfterEnrollment])
        let carol = await fixture.signInAndRegister("carol")
        let alice = await fixture.signInAndRegister("alice")
        fixture.app.clearEvents()
        try await fixture.advance(hours: 24)
        #expect(try await fixture.backend.calls("mam.enroll").count == 3)
        #expect(fixture.app.count(.enrollment(.accountNotLicensed, accountId: carol.objectId, didSucceed: false)) == 1)
        try await fixture.advance(hours: 24)
        #expect(try await fixture.backend.calls("mam.enroll").count == 4)
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == alice.objectId)
        await fixture.tearDown()
    }
}
