import Foundation
@testable import ReferenceSDK
import ReferenceTestSupport
import Testing

/// ``LaunchFlow`` on its own, over a runtime from the fixture builder, with the lifecycle steps it links to (carrying
/// over a build, the restart, the timers) recorded instead of run: what a launch asks of them, and how the policy
/// gates (ENR-09, ENR-10) and conditional launch end it.
@Suite struct LaunchFlowTests {
    /// The runtime's launch flow with every piece as the engine built it, but a fresh launch progress and
    /// `lifecycle` recorded.
    static func flow(of engine: SDKEngine, lifecycle: ConditionalLaunchRecorder) -> LaunchFlow {
        let built = engine.launchFlow
        return LaunchFlow(
            settings: built.settings, rules: built.rules, reinstallRules: built.reinstallRules, store: built.store,
            service: built.service, signIn: built.signIn, tokens: built.tokens, reporter: built.reporter,
            enrollment: built.enrollment, managedConfig: built.managedConfig, connections: built.connections,
            work: built.work, launch: LaunchProgress(), identities: built.identities, appWait: built.appWait,
            gates: built.gates, log: built.log, lifecycle: lifecycle.link(as: (any LaunchLifecycle).self),
            identityRules: built.identityRules)
    }

    /// The launch's state through its completion.
    static func launch(_ flow: LaunchFlow) async -> IntuneMAMLaunchState {
        await withCheckedContinuation { continuation in
            flow.launchApp { continuation.resume(returning: $0) }
        }
    }

    /// The settings, whether alice is enrolled with a PIN-requiring policy, the PINs typed, where the launch ends,
    /// and the SDK's UI shown.
    static let launches: [(settings: IntuneMAMSettings, enrolled: Bool, pins: [String?], state: IntuneMAMLaunchState,
                           shown: [IntuneMAMShownUI])] = [
        (IntuneMAMSettings(), false, [], .ready, []),
        (IntuneMAMSettings(mamPolicyRequired: true), false, [], .blocked(.policyRequired), [.policyRequired]),
        (IntuneMAMSettings(), true, ["2580"], .ready, [.pinSetup]),
        (IntuneMAMSettings(), true, [nil], .blocked(.pinCanceled), [.pinSetup]),
        (IntuneMAMSettings(multiIdentity: true), true, [], .ready, []),
    ]

    @Test(arguments: launches)
    func aLaunchCarriesOverAndResumesTheTimersBeforeItsGatesDecideWhereItEnds(
        settings: IntuneMAMSettings, enrolled: Bool, pins: [String?], state: IntuneMAMLaunchState, shown: [IntuneMAMShownUI]
    ) async throws {
        let fixture = try await SDKFixture.Builder().make()
        let engine = fixture.makeRuntime(settings: settings).engine
        if enrolled {
            engine.store.mutate { state in
                state.enrolledAccountId = "alice-id"
                state.policyJSON = heldPolicy(["pinRequired": true])
            }
        }
        fixture.app.answerPINs(pins)
        let lifecycle = ConditionalLaunchRecorder()
        let flow = Self.flow(of: engine, lifecycle: lifecycle)
        #expect(await Self.launch(flow) == state)
        #expect(lifecycle.asked == ["carry over", "resume timers"])
        #expect(fixture.app.events.compactMap { if case .ui(let ui) = $0 { ui } else { nil } } == shown)
        #expect(engine.identities.hasPassedConditionalLaunch("alice-id") == (state == .ready && !pins.isEmpty),
                "a single-identity app's account that passed its PIN at launch is not asked again this session")
        #expect(await Self.launch(flow) == state, "a second launch is ignored and reports where the first ended")
        await fixture.tearDown()
    }
}
