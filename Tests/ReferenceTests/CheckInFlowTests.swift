import Foundation
import Locking
@testable import ReferenceSDK
import ReferenceTestSupport
import Testing

/// ``CheckInFlow`` on its own, over a device from the fixture builder: what a check-in owns (noting it for the
/// offline check, handing the answer's configuration and policy change on, arming the next check-in, the restart a
/// first policy needs), with the steps of other flows and the end of the runtime replaced by a recorder.
@Suite struct CheckInFlowTests {
    /// The steps of other flows a check-in calls, and the runtime's end, recorded instead of run.
    final class Recorder: CheckInAppConfig, CheckInPolicyChanges, CheckInRecord, RuntimeTermination {
        let steps = Locked<[String]>([])

        func receiveAppConfig(_ answer: MAMServiceClient.CheckInAnswer, accountId: String) {
            steps.withLock { $0.append("appConfig \(accountId)") }
        }

        func postPolicyChanges(accountId: String, held: MAMServicePolicy?, code: IntuneMAMEnrollmentStatusCode) {
            steps.withLock { $0.append("policyChanges \(accountId) \(code) first: \(held == nil)") }
        }

        func recordCheckIn(answered: Bool) {
            steps.withLock { $0.append("recorded answered: \(answered)") }
        }

        func terminate() {
            steps.withLock { $0.append("terminate") }
        }
    }

    /// The runtime's check-in flow with every piece as the engine built it, but the steps of other flows (and their
    /// links) pointing at `recorder`.
    static func flow(of engine: SDKEngine, recorder: Recorder) -> CheckInFlow {
        let built = engine.checkIns
        func link<Target>(_ target: Target) -> SDKFlowLink<Target> {
            let link = SDKFlowLink<Target>()
            link.bind { target }
            return link
        }
        return CheckInFlow(
            retryRules: built.retryRules, statusRules: built.statusRules, restartRules: built.restartRules,
            unenrollRules: built.unenrollRules, dataTransferRules: built.dataTransferRules,
            conditionalLaunchRules: built.conditionalLaunchRules, accountRenameRules: built.accountRenameRules,
            store: built.store, service: built.service, tokens: built.tokens, reporter: built.reporter,
            telemetry: built.telemetry, managedConfig: built.managedConfig, wipe: built.wipe, unenrolls: built.unenrolls,
            connections: built.connections, work: built.work, timers: built.timers, tracker: built.tracker,
            clock: built.clock, log: built.log, appConfig: recorder,
            policyChanges: recorder, record: link(recorder as any CheckInRecord),
            termination: link(recorder as any RuntimeTermination))
    }

    /// A device where alice is enrolled (the app restarts itself, so no relaunch) and `policy` is targeted at her.
    static func enrolledDevice(policy: [String: Any]) async throws -> (SDKFixture, SDKTestUser) {
        var builder = SDKFixture.Builder()
        builder.policy = policy
        builder.relaunchesOnRestart = false
        let fixture = try await builder.make()
        fixture.app.answerRestart(true)
        await fixture.launch()
        let alice = await fixture.signInAndRegister("alice")
        fixture.app.clearEvents()
        return (fixture, alice)
    }

    @Test func aCheckInTheServiceAnswersIsNotedHandsItsAnswerOnReportsItAndArmsTheNextOneEightHoursLater() async throws {
        let (fixture, alice) = try await Self.enrolledDevice(policy: [:])
        let recorder = Recorder()
        let flow = Self.flow(of: fixture.sdk.engine, recorder: recorder)
        let start = fixture.clock.now
        await sdkTestOffPool { _ = flow.checkIn(reason: .periodic) }
        let id = alice.objectId.lowercased()
        #expect(recorder.steps.read { $0 } == [
            "recorded answered: true", "appConfig \(alice.objectId)",
            "policyChanges \(alice.objectId) policiesHaveNotChanged first: false",
        ])
        #expect(fixture.app.events == [.policy(.policiesHaveNotChanged, accountId: id, didSucceed: true)])
        #expect(flow.store.read { $0.nextCheckInAt } == start.addingTimeInterval(8 * 3600))
        #expect(flow.timers.isArmed(.checkIn))
        await fixture.tearDown()
    }

    @Test func aFirstPolicyTheAppWillNotRestartForShowsTheDialogAndEndsTheRuntimeBeforeTheRelaunch() async throws {
        let (fixture, alice) = try await Self.enrolledDevice(policy: [:])
        fixture.sdk.engine.store.mutate { state in
            // As if the enrollment's check-in had found no policy: the next one delivers the first.
            state.policyJSON = nil
            state.policyVersion = nil
        }
        fixture.app.answerRestart(false)
        let recorder = Recorder()
        let flow = Self.flow(of: fixture.sdk.engine, recorder: recorder)
        await sdkTestOffPool { _ = flow.checkIn(reason: .periodic) }
        await fixture.idle()
        let id = alice.objectId.lowercased()
        #expect(fixture.app.events == [
            .policy(.newPoliciesReceived, accountId: id, didSucceed: true), .restartApplication, .ui(.restartDialog),
            .restartDialog, .relaunch,
        ])
        #expect(recorder.steps.read { $0 }.last == "terminate", "the runtime ends before the app is started again")
        await fixture.tearDown()
    }
}
