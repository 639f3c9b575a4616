import Foundation
@testable import ReferenceSDK
import ReferenceTestSupport
import Testing

/// ``OfflineGate`` on its own (CL-04, CL-06), over a runtime's state from the fixture builder, with the check-in and
/// the wipe it links to recorded instead of run: when it checks in before the data shows, what the check-in's
/// answer decides, and when being offline ends in a wipe.
@Suite struct OfflineGateTests {
    /// The last answered check-in hours ago, whether the gate's own check-in reaches the service, the policy's wipe
    /// period, and what the gate decides and asks for.
    static let cases: [(offlineHours: Double, answered: Bool, wipePeriod: String?, blocked: IntuneMAMLaunchBlockReason?,
                        asked: [String])] = [
        (1, false, nil, nil, []),
        (13, true, nil, nil, ["check in", "report nothing"]),
        (13, false, nil, .offline, ["check in", "report failure"]),
        (13, false, "PT12H", .offline, ["check in", "report failure", "wipe alice-id"]),
        (13, false, "P1D", .offline, ["check in", "report failure"]),
    ]

    @Test(arguments: cases)
    func pastTheOfflinePeriodTheGateChecksInFirstAndHidesTheDataOnlyWhileTheServiceStaysUnreached(
        offlineHours: Double, answered: Bool, wipePeriod: String?, blocked: IntuneMAMLaunchBlockReason?, asked: [String]
    ) async throws {
        let fixture = try await SDKFixture.Builder().make()
        let engine = fixture.makeRuntime().engine
        let built = engine.gates.offline
        let recorder = ConditionalLaunchRecorder(checkInAnswered: answered) { built.recordCheckIn(answered: $0) }
        let gate = OfflineGate(rules: built.rules, wipeRules: built.wipeRules, store: built.store,
                               connections: built.connections, launch: LaunchProgress(), clock: built.clock, log: built.log,
                               checkIns: recorder.link(as: (any OfflineCheckIns).self),
                               wipes: recorder)
        let lastAnswer = fixture.clock.now.addingTimeInterval(-offlineHours * 3600)
        engine.store.mutate { state in
            state.lastCheckInAt = lastAnswer
            state.lastCheckInAttemptAt = lastAnswer
        }
        var settings: [String: Any] = ["pinRequired": true]
        settings["periodOfflineBeforeWipeIsEnforced"] = wipePeriod
        let policy = try #require(MAMServicePolicy(settingsJSON: Data(heldPolicy(settings).utf8), policyVersion: nil))
        #expect(gate.check(accountId: "alice-id", policy: policy) == blocked)
        #expect(recorder.asked == asked)
        #expect(fixture.app.events.contains(.ui(.offlineBlocked)) == (blocked == .offline && !asked.contains("wipe alice-id")))
        await fixture.tearDown()
    }
}
