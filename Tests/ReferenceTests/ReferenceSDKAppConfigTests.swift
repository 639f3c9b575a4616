import Foundation
import ReferenceSDK
import Testing
import ReferenceTestSupport

/// Targeted app configuration in the simulated SDK (CFG-01…06) against the mock's MAM channel.
@Suite("ReferenceSDK targeted app configuration")
struct ReferenceSDKAppConfigTests {
    @Test("nothing before enrollment; the check-in delivers the configuration, read through the typed getters")
    func deliveredAtCheckIn() async throws {
        let fixture = try await SDKFixture.appConfig()
        try await fixture.backend.createPolicy()
        try await fixture.backend.createAppConfig(["GroupName": "alpha", "MaxItems": "10", "FeatureX": "true"])
        await fixture.launch()
        #expect(fixture.config("alice").fullData.isEmpty)
        let alice = await fixture.signInAndRegister("alice")

        let config = fixture.config("alice")
        #expect(config.fullData == [["GroupName": "alpha", "MaxItems": "10", "FeatureX": "true"]])
        #expect(config.stringValue(forKey: "GroupName", queryType: .any) == "alpha")
        #expect(config.numberValue(forKey: "MaxItems", queryType: .any) == 10)
        #expect(config.boolValue(forKey: "FeatureX", queryType: .any) == true)
        #expect(config.allStrings(forKey: "GroupName") == ["alpha"])
        #expect(!config.hasConflict("GroupName"))
        #expect(config.stringValue(forKey: "Missing", queryType: .any) == nil)
        #expect(config.allNumbers(forKey: "GroupName").isEmpty)
        #expect(fixture.sdk.appConfigManager.appConfig(forAccountId: alice.objectId.uppercased()).fullData.count == 1)
        #expect(fixture.sdk.appConfigManager.appConfig(forAccountId: nil).fullData.isEmpty)
        #expect(fixture.config("bob").fullData.isEmpty)
        #expect(fixture.host.notifications(.appConfigDidChange) == [
            IntuneMAMNotification(name: .appConfigDidChange, accountId: alice.objectId),
        ])
        await fixture.tearDown()
    }

    @Test("conflicting targeted values are all kept, reported, and resolved by the query type")
    func conflicts() async throws {
        let fixture = try await SDKFixture.appConfig()
        try await fixture.backend.createPolicy()
        try await fixture.backend.createAppConfig(["GroupName": "beta", "MaxItems": "10", "FeatureX": "true", "Same": "x"])
        try await fixture.backend.createAppConfig(["GroupName": "alpha", "MaxItems": "25", "FeatureX": "false", "Same": "x"])
        await fixture.launch()
        await fixture.signInAndRegister("alice")

        let config = fixture.config("alice")
        #expect(config.allStrings(forKey: "GroupName") == ["beta", "alpha"])
        #expect(config.hasConflict("GroupName"))
        #expect(!config.hasConflict("Same"))
        #expect(config.stringValue(forKey: "GroupName", queryType: .any) == "beta")
        #expect(config.stringValue(forKey: "GroupName", queryType: .min) == "alpha")
        #expect(config.stringValue(forKey: "GroupName", queryType: .max) == "beta")
        #expect(config.numberValue(forKey: "MaxItems", queryType: .min) == 10)
        #expect(config.numberValue(forKey: "MaxItems", queryType: .max) == 25)
        #expect(config.allNumbers(forKey: "MaxItems") == [10, 25])
        #expect(config.boolValue(forKey: "FeatureX", queryType: .or) == true)
        #expect(config.boolValue(forKey: "FeatureX", queryType: .and) == false)
        #expect(config.allBools(forKey: "FeatureX") == [true, false])
        await fixture.tearDown()
    }

    @Test("the tenant default is marked __IsDefault and fills only keys no targeted configuration sets")
    func tenantDefault() async throws {
        let fixture = try await SDKFixture.appConfig()
        try await fixture.backend.createPolicy()
        try await fixture.backend.setDefaultAppConfig(["GroupName": "zeta", "Theme": "dark"])
        try await fixture.backend.createAppConfig(["GroupName": "alpha"])
        await fixture.launch()
        await fixture.signInAndRegister("alice")

        let config = fixture.config("alice")
        #expect(config.fullData == [["GroupName": "alpha"], ["GroupName": "zeta", "Theme": "dark", "__IsDefault": "true"]])
        #expect(config.stringValue(forKey: "GroupName", queryType: .max) == "alpha")
        #expect(config.allStrings(forKey: "GroupName") == ["alpha"])
        #expect(!config.hasConflict("GroupName"))
        #expect(config.stringValue(forKey: "Theme", queryType: .any) == "dark")
        await fixture.tearDown()
    }

    @Test("a change arrives with the next check-in and is announced exactly once; an unchanged one is not")
    func changeNotifiedOnce() async throws {
        let fixture = try await SDKFixture.appConfig()
        try await fixture.backend.createPolicy()
        let id = try await fixture.backend.createAppConfig(["GroupName": "alpha"])
        await fixture.launch()
        await fixture.signInAndRegister("alice")
        fixture.host.clear()

        try await fixture.backend.updateAppConfig(id, ["GroupName": "beta"])
        try await fixture.advance(hours: 7.9)
        #expect(fixture.config("alice").stringValue(forKey: "GroupName", queryType: .any) == "alpha")
        try await fixture.advance(hours: 0.1)
        #expect(fixture.config("alice").stringValue(forKey: "GroupName", queryType: .any) == "beta")
        #expect(fixture.host.notifications(.appConfigDidChange).count == 1)
        try await fixture.advance(hours: 8)
        #expect(fixture.host.notifications(.appConfigDidChange).count == 1)
        await fixture.tearDown()
    }

    @Test("no configuration at all: the first (empty) delivery is no change")
    func emptyDeliveryIsNoChange() async throws {
        let fixture = try await SDKFixture.appConfig()
        try await fixture.backend.createPolicy()
        await fixture.launch()
        await fixture.signInAndRegister("alice")
        #expect(fixture.config("alice").fullData.isEmpty)
        #expect(fixture.host.notifications.isEmpty)
        await fixture.tearDown()
    }

    @Test("after the account unenrolls its configuration is empty")
    func goneAfterUnenroll() async throws {
        let fixture = try await SDKFixture.appConfig()
        try await fixture.backend.createPolicy()
        try await fixture.backend.createAppConfig(["GroupName": "alpha"])
        await fixture.launch()
        let alice = await fixture.signInAndRegister("alice")
        #expect(fixture.config("alice").fullData.count == 1)
        await sdkTestOffPool { [fixture] in
            fixture.sdk.enrollmentManager.deRegisterAndUnenrollAccountId(alice.objectId, withWipe: false)
        }
        await fixture.idle()
        #expect(fixture.config("alice").fullData.isEmpty)
        await fixture.launch()
        #expect(fixture.config("alice").fullData.isEmpty)
        await fixture.tearDown()
    }

    @Test("an untargeted account gets nothing, however the app is configured")
    func untargeted() async throws {
        let fixture = try await SDKFixture.appConfig()
        try await fixture.backend.createPolicy(targeted: false)
        try await fixture.backend.createAppConfig(["GroupName": "alpha"])
        await fixture.launch()
        let alice = await fixture.signInAndRegister("alice")
        #expect(fixture.app.events.contains(.enrollment(.licensedNotTargeted, accountId: alice.objectId, didSucceed: false)))
        #expect(fixture.config("alice").fullData.isEmpty)
        #expect(try await fixture.backend.calls("mam.checkin").isEmpty)
        await fixture.tearDown()
    }

    @Test("device-channel configuration is never app configuration")
    func deviceChannelIsNotAppConfig() async throws {
        let fixture = try await SDKFixture.appConfig()
        try await fixture.backend.setDeviceUser(fixture.user("alice").objectId)
        _ = try await fixture.backend.createDeviceConfig(["GroupName": "from-the-device"])
        await fixture.launch()
        #expect(fixture.config("alice").fullData.isEmpty)
        await fixture.tearDown()
    }

    @Test("values in ValuesToScrubFromLogging are masked in every SDK log line; other values are logged")
    func scrubbed() async throws {
        let fixture = try await SDKFixture.appConfig()
        try await fixture.backend.createPolicy()
        try await fixture.backend.createAppConfig(["ProjectName": "Project-Orion", "GroupName": "alpha-team"])
        let alice = fixture.user("alice")
        var settings = IntuneMAMSettings()
        settings.valuesToScrubFromLogging = ["Project-Orion", alice.objectId, "act"]
        await fixture.launch(settings: settings)
        await fixture.signInAndRegister("alice")

        #expect(fixture.config("alice").stringValue(forKey: "ProjectName", queryType: .any) == "Project-Orion")
        #expect(fixture.host.logLines.contains { $0.level == .info && $0.message == "app config GroupName=alpha-team" })
        #expect(fixture.logs(containing: "app config ProjectName=***").count == 1)
        #expect(fixture.logs(containing: "Project-Orion").isEmpty)
        #expect(fixture.logs(containing: alice.objectId).isEmpty)
        #expect(!fixture.logs(containing: "registered ***").isEmpty)
        #expect(fixture.logs(containing: "act").isEmpty)
        await fixture.tearDown()
    }
}
