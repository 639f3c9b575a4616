import Foundation
import Locking
@testable import ReferenceSDK
import ReferenceTestSupport
import Testing

/// ``EnrollmentFlow`` on its own, over a device from the fixture builder: what an enrollment attempt owns (recording
/// the enrolled account, handing over to the check-in that follows, arming the 24-hour retry after a failure), with
/// the check-in replaced by a recorder so no other flow runs.
@Suite struct EnrollmentFlowTests {
    /// The follow-up step, recorded instead of checking in.
    final class RecordedFollowUp: EnrollmentFollowUp {
        let handedOver = Locked<[(origin: EnrollmentOrigin, accountId: String)]>([])

        func checkIn(afterEnrollment origin: EnrollmentOrigin, token: AccessToken) {
            handedOver.withLock { $0.append((origin, token.accountId)) }
        }
    }

    /// The runtime's enrollment flow with every piece as the engine built it, but `followUp` after an enrollment.
    static func flow(of engine: SDKEngine, followUp: RecordedFollowUp) -> EnrollmentFlow {
        let built = engine.enrollment
        let link = SDKFlowLink<any EnrollmentFollowUp>()
        link.bind { followUp }
        return EnrollmentFlow(
            rules: built.rules, retryRules: built.retryRules, statusRules: built.statusRules, store: built.store,
            accounts: built.accounts, service: built.service, tokens: built.tokens, reporter: built.reporter,
            managedConfig: built.managedConfig, telemetry: built.telemetry, connections: built.connections,
            work: built.work, timers: built.timers,
            signIn: built.signIn, appWait: built.appWait, clock: built.clock, log: built.log,
            deregisteredInProcess: built.deregisteredInProcess, followUp: link)
    }

    @Test func aSuccessfulEnrollmentRecordsTheAccountAndHandsOverToItsCheckInOnce() async throws {
        var builder = SDKFixture.Builder()
        builder.policy = [:]
        let fixture = try await builder.make()
        fixture.makeRuntime()
        let alice = fixture.user("alice")
        fixture.app.signIn(alice)
        let followUp = RecordedFollowUp()
        let flow = Self.flow(of: fixture.sdk.engine, followUp: followUp)
        let enrolled = await sdkTestOffPool {
            flow.registerIfNeeded(alice.objectId, upn: alice.upn)
            return flow.enroll(alice.objectId, origin: .retry)
        }
        #expect(enrolled)
        #expect(flow.store.read { $0.enrolledAccountId } == alice.objectId)
        let handedOver = followUp.handedOver.read { $0 }
        #expect(handedOver.map(\.accountId) == [alice.objectId])
        if case .retry = handedOver.first?.origin {} else { Issue.record("the check-in is told the enrollment's origin") }
        #expect(fixture.app.events == [.enrollment(.newPoliciesReceived, accountId: alice.objectId.lowercased(), didSucceed: true)])
        await fixture.tearDown()
    }

    @Test func aFailedEnrollmentArmsOneRetryADayLaterAndAnotherFailureKeepsItsDueTime() async throws {
        let fixture = try await SDKFixture.Builder().make()
        fixture.makeRuntime()
        let alice = fixture.user("alice")
        let followUp = RecordedFollowUp()
        let flow = Self.flow(of: fixture.sdk.engine, followUp: followUp)
        let start = fixture.clock.now
        let first = await sdkTestOffPool {
            flow.registerIfNeeded(alice.objectId, upn: alice.upn)
            return flow.enroll(alice.objectId, origin: .registration)
        }
        #expect(!first, "alice is not signed in to the app, so there is no token")
        #expect(flow.timers.isArmed(.retry))
        #expect(flow.store.read { $0.nextRetryAt } == start.addingTimeInterval(24 * 3600))
        let clock = fixture.clock
        #expect(await sdkTestOffPool { clock.advance(by: 3600) })
        _ = await sdkTestOffPool { flow.enroll(alice.objectId, origin: .registration) }
        #expect(flow.store.read { $0.nextRetryAt } == start.addingTimeInterval(24 * 3600), "a pending retry keeps its due time")
        #expect(followUp.handedOver.read { $0 }.isEmpty)
        await fixture.tearDown()
    }
}
