import Foundation
import Locking
@testable import ReferenceSDK
import ReferenceTestSupport
import Testing

/// ``DeviceGate`` on its own (CL-01): which devices and policies keep the managed account's data hidden, over the
/// state and app connections of a runtime from the fixture builder, with a device whose jailbreak the test decides.
@Suite struct DeviceGateTests {
    /// The simulated OS of a device that is jailbroken or not; records what the SDK showed.
    final class Device: IntuneMAMPlatform {
        let isDeviceJailbroken: Bool
        private let shownUI = Locked<[IntuneMAMShownUI]>([])

        init(jailbroken: Bool) { isDeviceJailbroken = jailbroken }

        var shown: [IntuneMAMShownUI] { shownUI.read { $0 } }
        func didShow(_ ui: IntuneMAMShownUI, accountId: String?) { shownUI.withLock { $0.append(ui) } }
        func showRestartDialog(message: String) {}
        func promptPIN(setup: Bool, accountId: String, minimumLength: Int) -> String? { nil }
        func promptSignIn(hint: String?) -> (upn: String, password: String)? { nil }
        func terminateAndRelaunch() {}
        func log(level: IntuneMAMLogLevel, message: String) {}
    }

    /// Whether the device is jailbroken, whether the policy requires a compliant device, the defects planted, and
    /// why the data stays hidden (nil: it shows).
    static let devices: [(jailbroken: Bool, complianceRequired: Bool, defects: Set<SDKDefect>,
                          blocked: IntuneMAMLaunchBlockReason?)] = [
        (true, true, [], .jailbroken),
        (true, false, [], nil),
        (false, true, [], nil),
        (false, false, [], nil),
        (true, true, [.jailbreakReportedAsPinFailure], .pinRetriesExceeded),
        (false, true, [.everyDeviceTakenForJailbroken], .jailbroken),
    ]

    @Test(arguments: devices)
    func aJailbrokenDeviceHidesTheDataAtEveryCheckOnlyWhenThePolicyRequiresACompliantDevice(
        jailbroken: Bool, complianceRequired: Bool, defects: Set<SDKDefect>, blocked: IntuneMAMLaunchBlockReason?
    ) async throws {
        let fixture = try await SDKFixture.Builder().make()
        let engine = fixture.makeRuntime(defects: defects).engine
        let device = Device(jailbroken: jailbroken)
        let gate = DeviceGate(rules: engine.rules.conditionalLaunch, store: engine.store,
                              connections: SDKAppConnections(platform: device, log: engine.log), log: engine.log)
        let policy = try #require(MAMServicePolicy(settingsJSON: Data(heldPolicy(["deviceComplianceRequired": complianceRequired]).utf8),
                                                   policyVersion: nil))
        #expect(gate.check(accountId: "alice-id", policy: policy) == blocked)
        #expect(gate.check(accountId: "alice-id", policy: policy) == blocked, "the device is checked at every launch")
        #expect(device.shown == (blocked == .jailbroken ? [.jailbreakBlocked, .jailbreakBlocked] : []))
        await fixture.tearDown()
    }
}
