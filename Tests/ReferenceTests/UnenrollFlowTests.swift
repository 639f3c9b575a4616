import Foundation
import Locking
@testable import ReferenceSDK
import ReferenceTestSupport
import Testing

/// ``UnenrollFlow`` on its own, over a device from the fixture builder where alice is enrolled: what the end of
/// management owns (dropping the enrollment locally whatever the service says, one unenroll status, handing the
/// account's configuration to its owner, the conditional-launch wipe's note), with the app configuration's step
/// replaced by a recorder.
@Suite struct UnenrollFlowTests {
    /// The app configuration's step, recorded instead of run.
    final class RecordedAppConfig: UnenrollAppConfig {
        let dropped = Locked<[String]>([])

        func dropAppConfig(of accountId: String) {
            dropped.withLock { $0.append(accountId) }
        }
    }

    /// The runtime's unenroll flow with every piece as the engine built it, but `appConfig` for the configuration.
    static func flow(of engine: SDKEngine, appConfig: RecordedAppConfig) -> UnenrollFlow {
        let built = engine.unenrolls
        return UnenrollFlow(
            rules: built.rules, retryRules: built.retryRules, statusRules: built.statusRules,
            conditionalWipeRules: built.conditionalWipeRules, store: built.store, service: built.service,
            tokens: built.tokens, reporter: built.reporter, enrollment: built.enrollment, wipe: built.wipe,
            staleCheckIns: built.staleCheckIns, connections: built.connections, work: built.work, timers: built.timers,
            appWait: built.appWait, clock: built.clock, log: built.log,
            deregisteredInProcess: built.deregisteredInProcess, appConfig: appConfig)
    }

    /// A device where alice is enrolled under a policy, with `defects` planted; no events recorded yet.
    static func enrolledDevice(defects: Set<SDKDefect> = []) async throws -> (SDKFixture, SDKTestUser) {
        var builder = SDKFixture.Builder()
        builder.policy = [:]
        builder.relaunchesOnRestart = false
        let fixture = try await builder.make()
        fixture.app.answerRestart(true)
        await fixture.launch(defects: defects)
        let alice = await fixture.signInAndRegister("alice")
        fixture.app.clearEvents()
        return (fixture, alice)
    }

    @Test func anUnenrollWithoutATokenStillEndsManagementLocallyAndReportsTheFailureOnce() async throws {
        let (fixture, alice) = try await Self.enrolledDevice()
        let appConfig = RecordedAppConfig()
        let flow = Self.flow(of: fixture.sdk.engine, appConfig: appConfig)
        let noToken = StatusFailure(.authRequired, "no token for the account")
        await sdkTestOffPool {
            flow.unenroll(alice.objectId, upn: alice.upn, wipe: false, token: .failure(noToken))
        }
        #expect(flow.store.read { $0.enrolledAccountId } == nil)
        #expect(flow.store.read { $0.tokenCache }.allSatisfy { !AccountIdentity.same($0.accountId, alice.objectId) })
        #expect(!flow.timers.isArmed(.checkIn), "an unenrolled account checks in no more")
        #expect(appConfig.dropped.read { $0 } == [alice.objectId], "the account's configuration goes with it, once")
        #expect(fixture.app.events == [.unenroll(.authRequired, accountId: alice.objectId, didSucceed: false)])
        #expect(try await fixture.backend.calls("mam.unenroll").isEmpty, "without a token the service is not told")
        await fixture.tearDown()
    }

    /// The defects planted and whether the conditional-launch wipe's note stays once the wipe is done.
    static let notes: [(defects: Set<SDKDefect>, noteStays: Bool)] = [
        ([], false),
        ([.conditionalWipeRepeatedAfterPinReset], true),
    ]

    @Test(arguments: notes)
    func aConditionalWipeUnenrollsAndWipesTheAccountOnceAndForgetsItsNoteWhenDone(defects: Set<SDKDefect>,
                                                                                 noteStays: Bool) async throws {
        let (fixture, alice) = try await Self.enrolledDevice(defects: defects)
        let flow = Self.flow(of: fixture.sdk.engine, appConfig: RecordedAppConfig())
        await sdkTestOffPool { flow.conditionalWipe(of: alice.objectId, reason: "PIN attempts used up") }
        #expect(fixture.app.events == [
            .wipe(alice.objectId), .unenroll(.unenrollmentSuccess, accountId: alice.objectId, didSucceed: true),
        ])
        #expect(flow.store.read { $0.enrolledAccountId } == nil)
        #expect((flow.store.read { $0.conditionalWipeAccountId } != nil) == noteStays)
        let wipedAgain = await sdkTestOffPool { flow.finishConditionalWipe(of: alice.objectId) }
        #expect(wipedAgain == noteStays, "only a note left behind finishes a wipe at the next conditional launch")
        await fixture.tearDown()
    }
}
