import Foundation
import ReferenceSDK
import Testing
import ReferenceTestSupport

/// The app-configuration mutants of the simulated SDK: each test shows the one behaviour its defect changes
/// (CFG-01, CFG-03…06).
@Suite("ReferenceSDK targeted app configuration mutants")
struct ReferenceSDKAppConfigDefectTests {
    /// Alice enrolled with the given configurations (and, optionally, settings and the tenant default).
    static func enrolled(_ defect: SDKDefect, configs: [[String: String]], defaults: [String: String]? = nil,
                         settings: IntuneMAMSettings = IntuneMAMSettings()) async throws -> SDKFixture {
        let fixture = try await SDKFixture.appConfig()
        try await fixture.backend.createPolicy()
        if let defaults { try await fixture.backend.setDefaultAppConfig(defaults) }
        for config in configs { try await fixture.backend.createAppConfig(config) }
        await fixture.launch(settings: settings, defects: [defect])
        await fixture.signInAndRegister("alice")
        return fixture
    }

    @Test("mutant conflict-resolved-by-first-value: min, max, or and and all answer the first value")
    func firstValue() async throws {
        let fixture = try await Self.enrolled(.conflictResolvedByFirstValue, configs: [
            ["GroupName": "beta", "MaxItems": "10", "FeatureX": "true"],
            ["GroupName": "alpha", "MaxItems": "25", "FeatureX": "false"],
        ])
        let config = fixture.config("alice")
        #expect(config.stringValue(forKey: "GroupName", queryType: .min) == "beta")
        #expect(config.numberValue(forKey: "MaxItems", queryType: .max) == 10)
        #expect(config.boolValue(forKey: "FeatureX", queryType: .and) == true)
        #expect(config.hasConflict("GroupName"))
        await fixture.tearDown()
    }

    @Test("mutant default-config-wins: the __IsDefault value replaces the targeted one")
    func defaultWins() async throws {
        let fixture = try await Self.enrolled(.defaultConfigWins, configs: [["GroupName": "alpha"]],
                                              defaults: ["GroupName": "zeta"])
        #expect(fixture.config("alice").stringValue(forKey: "GroupName", queryType: .any) == "zeta")
        #expect(fixture.config("alice").allStrings(forKey: "GroupName") == ["zeta"])
        await fixture.tearDown()
    }

    @Test("mutant config-kept-after-unenroll: the configuration is still answered after unenroll")
    func keptAfterUnenroll() async throws {
        let fixture = try await Self.enrolled(.configKeptAfterUnenroll, configs: [["GroupName": "alpha"]])
        let alice = fixture.user("alice")
        await sdkTestOffPool { [fixture] in
            fixture.sdk.enrollmentManager.deRegisterAndUnenrollAccountId(alice.objectId, withWipe: false)
        }
        await fixture.idle()
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == nil)
        #expect(fixture.config("alice").fullData == [["GroupName": "alpha"]])
        await fixture.tearDown()
    }

    @Test("mutant config-change-not-notified: the configuration arrives without a notification")
    func changeNotNotified() async throws {
        let fixture = try await Self.enrolled(.configChangeNotNotified, configs: [["GroupName": "alpha"]])
        #expect(fixture.config("alice").fullData == [["GroupName": "alpha"]])
        #expect(fixture.host.notifications.isEmpty)
        await fixture.tearDown()
    }

    @Test("mutant config-notified-every-check-in: an unchanged check-in is announced too")
    func notifiedEveryCheckIn() async throws {
        let fixture = try await Self.enrolled(.configNotifiedEveryCheckIn, configs: [["GroupName": "alpha"]])
        #expect(fixture.host.notifications(.appConfigDidChange).count == 1)
        try await fixture.advance(hours: 8)
        #expect(fixture.host.notifications(.appConfigDidChange).count == 2)
        await fixture.tearDown()
    }

    @Test("mutant scrub-list-ignored: a listed value reaches the log")
    func scrubListIgnored() async throws {
        var settings = IntuneMAMSettings()
        settings.valuesToScrubFromLogging = ["Project-Orion"]
        let fixture = try await Self.enrolled(.scrubListIgnored, configs: [["ProjectName": "Project-Orion"]],
                                              settings: settings)
        #expect(fixture.logs(containing: "app config ProjectName=Project-Orion").count == 1)
        await fixture.tearDown()
    }

    @Test("mutant config-before-enrollment: a not enrolled account gets the device channel's configuration")
    func beforeEnrollment() async throws {
        let fixture = try await SDKFixture.appConfig()
        try await fixture.backend.setDeviceUser(fixture.user("alice").objectId)
        _ = try await fixture.backend.createDeviceConfig(["GroupName": "from-the-device"])
        await fixture.launch(defects: [.configBeforeEnrollment])
        #expect(fixture.config("alice").fullData == [["GroupName": "from-the-device"]])
        await fixture.tearDown()
    }
}
