import Foundation
import ReferenceSDK
import Testing
import ReferenceTestSupport

/// Allowed accounts in the simulated SDK (ALW-01, ALW-02, ALW-03, ALW-04) against the mock's device channel,
/// and the SDK mutants that break them.
@Suite("ReferenceSDK allowed accounts")
struct ReferenceSDKAllowedAccountsTests {
    /// The documented allowed-accounts keys, resolved by the device channel for the device user.
    static func restriction(_ flag: String = "Enabled") -> [String: String] {
        ["IntuneMAMAllowedAccountsOnly": flag, "IntuneMAMUPN": "{{userprincipalname}}", "IntuneMAMOID": "{{userid}}"]
    }

    /// A device whose user is alice, optionally already restricted to her; returns the configuration id.
    static func aliceDevice(_ fixture: SDKFixture, flag: String? = nil) async throws -> String? {
        try await fixture.backend.setDeviceUser(fixture.user("alice").objectId)
        guard let flag else { return nil }
        return try await fixture.backend.createDeviceConfig(restriction(flag))
    }

    @Test("no restriction: both lists nil, no notification, the device channel read at launch and on change")
    func noRestriction() async throws {
        let fixture = try await SDKFixture.appConfig()
        _ = try await Self.aliceDevice(fixture)
        await fixture.launch()
        #expect(fixture.sdk.enrollmentManager.allowedAccounts == nil)
        #expect(fixture.sdk.enrollmentManager.allowedAccountIds == nil)
        await fixture.managedConfigChanged()
        #expect(fixture.host.notifications.isEmpty)
        #expect(try await fixture.backend.calls("device.config").count == 2)
        await fixture.tearDown()
    }

    @Test("a restriction names the device user; one notification per change, none on an unchanged read or relaunch")
    func restrictionNotifiedOnce() async throws {
        let fixture = try await SDKFixture.appConfig()
        _ = try await Self.aliceDevice(fixture)
        await fixture.launch()
        let alice = fixture.user("alice")
        let id = try await fixture.backend.createDeviceConfig(Self.restriction("eNaBlEd"))
        await fixture.managedConfigChanged()

        #expect(fixture.sdk.enrollmentManager.allowedAccounts == [alice.upn])
        #expect(fixture.sdk.enrollmentManager.allowedAccountIds == [alice.objectId])
        #expect(fixture.host.notifications(.allowedAccountsDidChange) == [
            IntuneMAMNotification(name: .allowedAccountsDidChange, accountIds: [alice.objectId], upns: [alice.upn]),
        ])
        await fixture.managedConfigChanged()
        await fixture.launch()
        #expect(fixture.host.notifications.count == 1)
        #expect(fixture.sdk.enrollmentManager.allowedAccountIds == [alice.objectId])

        try await fixture.backend.updateDeviceConfig(id, Self.restriction("Yes"))
        await fixture.managedConfigChanged()
        #expect(fixture.sdk.enrollmentManager.allowedAccounts == nil)
        #expect(fixture.host.notifications.last == IntuneMAMNotification(name: .allowedAccountsDidChange))
        try await fixture.backend.deleteDeviceConfig(id)
        await fixture.managedConfigChanged()
        #expect(fixture.host.notifications.count == 2)
        await fixture.tearDown()
    }

    @Test("the SDK refuses to enroll an account outside the list (209) and matches the allowed one ignoring case")
    func enrollmentOutsideTheList() async throws {
        let fixture = try await SDKFixture.appConfig()
        try await fixture.backend.createPolicy()
        let alice = fixture.user("alice")
        _ = try await Self.aliceDevice(fixture)
        // Written in capitals: the tokens carry the lower-case spelling.
        _ = try await fixture.backend.createDeviceConfig([
            "IntuneMAMAllowedAccountsOnly": "Enabled", "IntuneMAMUPN": alice.upn.uppercased(),
            "IntuneMAMOID": alice.objectId.uppercased(),
        ])
        await fixture.launch()
        let bob = await fixture.signInAndRegister("bob")
        #expect(fixture.app.events.contains(.enrollment(.notEmmAccount, accountId: bob.objectId, didSucceed: false)))
        #expect(!fixture.sdk.policyManager.isAccountIdManaged(bob.objectId))
        #expect(try await fixture.backend.calls("mam.enroll").isEmpty)

        await fixture.signInAndRegister("alice")
        #expect(fixture.sdk.policyManager.isAccountIdManaged(alice.objectId))
        await fixture.tearDown()
    }

    @Test("a failed read of the device channel keeps the last restriction, silently")
    func failedReadKeepsRestriction() async throws {
        let fixture = try await SDKFixture.appConfig()
        _ = try await Self.aliceDevice(fixture, flag: "Enabled")
        await fixture.launch()
        fixture.host.clear()
        try await fixture.backend.injectFault(route: "device.config", status: 503, times: 1)
        await fixture.managedConfigChanged()
        #expect(fixture.sdk.enrollmentManager.allowedAccountIds == [fixture.user("alice").objectId])
        #expect(fixture.host.notifications.isEmpty)
        #expect(!fixture.logs(containing: "cannot read the managed app configuration").isEmpty)
        await fixture.tearDown()
    }

    // MARK: Mutants

    @Test("mutant enabled-value-case-sensitive: only the exact spelling Enabled restricts")
    func enabledValueCaseSensitive() async throws {
        let fixture = try await SDKFixture.appConfig()
        let id = try await Self.aliceDevice(fixture, flag: "enabled")
        await fixture.launch(defects: [.enabledValueCaseSensitive])
        #expect(fixture.sdk.enrollmentManager.allowedAccountIds == nil)
        try await fixture.backend.updateDeviceConfig(try #require(id), Self.restriction("Enabled"))
        await fixture.managedConfigChanged()
        #expect(fixture.sdk.enrollmentManager.allowedAccountIds == [fixture.user("alice").objectId])
        await fixture.tearDown()
    }

    @Test("mutant allowed-change-notified-every-read: every read posts, changed or not")
    func notifiedEveryRead() async throws {
        let fixture = try await SDKFixture.appConfig()
        _ = try await Self.aliceDevice(fixture)
        await fixture.launch(defects: [.allowedChangeNotifiedEveryRead])
        await fixture.managedConfigChanged()
        #expect(fixture.host.notifications(.allowedAccountsDidChange).count == 2)
        #expect(fixture.sdk.enrollmentManager.allowedAccounts == nil)
        await fixture.tearDown()
    }

    @Test("mutant allowed-change-not-notified: the list changes without a notification")
    func notNotified() async throws {
        let fixture = try await SDKFixture.appConfig()
        _ = try await Self.aliceDevice(fixture)
        await fixture.launch(defects: [.allowedChangeNotNotified])
        _ = try await fixture.backend.createDeviceConfig(Self.restriction())
        await fixture.managedConfigChanged()
        #expect(fixture.sdk.enrollmentManager.allowedAccountIds == [fixture.user("alice").objectId])
        #expect(fixture.host.notifications.isEmpty)
        await fixture.tearDown()
    }
}
