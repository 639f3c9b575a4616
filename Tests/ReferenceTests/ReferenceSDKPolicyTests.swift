import Foundation
import ReferenceSDK
import Testing
import ReferenceTestSupport

/// Policy queries of the reference SDK (POL-01…06) against the real mock: save-to / open-from per location,
/// encryption and protection level, and the change notifications of a check-in.
@Suite("ReferenceSDK policy queries")
struct ReferenceSDKPolicyTests {
    /// The harness's restricted-locations fixture.
    static var restricted: [String: Any] {
        [
            "saveAsBlocked": true, "allowedDataStorageLocations": ["oneDriveForBusiness", "sharePoint"],
            "allowedInboundDataTransferSources": "managedApps", "appDataEncryptionType": "whenDeviceLocked",
        ]
    }

    /// Alice enrolled under `policy`; returns her policy as the app gets it.
    static func alicePolicy(_ policy: [String: Any] = restricted, settings: IntuneMAMSettings = IntuneMAMSettings(),
                            defects: Set<SDKDefect> = []) async throws -> (SDKFixture, SDKTestUser, any IntuneMAMPolicy) {
        let fixture = try await SDKFixture.identity(policy: policy)
        await fixture.launch(settings: settings, defects: defects)
        let alice = await fixture.enrollAlice()
        let held = try #require(fixture.policyManager.policy(forAccountId: alice.objectId))
        return (fixture, alice, held)
    }

    @Test("save-to: allowed storage locations of the policy's account only (POL-01)")
    func saveTo() async throws {
        let (fixture, alice, policy) = try await Self.alicePolicy()
        let bob = fixture.user("bob").objectId
        #expect(policy.isSaveToAllowed(forLocation: .oneDriveForBusiness, withAccountId: alice.objectId.uppercased()))
        #expect(policy.isSaveToAllowed(forLocation: .sharePoint, withAccountId: alice.objectId))
        #expect(policy.isSaveToAllowed(forLocation: .accountDocument, withAccountId: alice.objectId))
        #expect(!policy.isSaveToAllowed(forLocation: .accountDocument, withAccountId: bob))
        #expect(!policy.isSaveToAllowed(forLocation: .oneDriveForBusiness, withAccountId: bob))
        for location in [IntuneMAMSaveLocation.box, .dropbox, .googleDrive, .localDrive, .cameraRoll, .other] {
            #expect(!policy.isSaveToAllowed(forLocation: location, withAccountId: nil), "\(location)")
        }
        await fixture.tearDown()
    }

    @Test("save-to without saveAsBlocked allows every location")
    func saveToUnrestricted() async throws {
        let (fixture, _, policy) = try await Self.alicePolicy(["saveAsBlocked": false])
        for location in IntuneMAMSaveLocation.allCases {
            #expect(policy.isSaveToAllowed(forLocation: location, withAccountId: nil), "\(location)")
        }
        await fixture.tearDown()
    }

    @Test("open-from: managedApps allows the account's organisation locations only; allApps all; none nothing (POL-02)")
    func openFrom() async throws {
        let (fixture, alice, policy) = try await Self.alicePolicy()
        for location in [IntuneMAMOpenLocation.oneDriveForBusiness, .sharePoint, .accountDocument] {
            #expect(policy.isOpenFromAllowed(forLocation: location, withAccountId: alice.objectId), "\(location)")
            #expect(!policy.isOpenFromAllowed(forLocation: location, withAccountId: fixture.user("bob").objectId))
        }
        for location in [IntuneMAMOpenLocation.camera, .localStorage, .photos, .other] {
            #expect(!policy.isOpenFromAllowed(forLocation: location, withAccountId: nil), "\(location)")
        }
        try await fixture.changePolicy(["allowedInboundDataTransferSources": "none"])
        let none = try #require(fixture.policyManager.policy(forAccountId: alice.objectId))
        #expect(!none.isOpenFromAllowed(forLocation: .oneDriveForBusiness, withAccountId: alice.objectId))
        try await fixture.changePolicy(["allowedInboundDataTransferSources": "allApps"])
        let all = try #require(fixture.policyManager.policy(forAccountId: alice.objectId))
        #expect(IntuneMAMOpenLocation.allCases.allSatisfy { all.isOpenFromAllowed(forLocation: $0, withAccountId: nil) })
        await fixture.tearDown()
    }

    /// An app that kept its `-intunemam` query schemes checks links with `canOpenURL` under its own identity (002:112);
    /// the SDK's hook then decides by the policy: a web link as `isURLAllowed` would, nothing under `none`, and under
    /// `managedApps` through the scheme's twin, which only a managed app has.
    @Test("canOpenURL under a managed identity follows the outbound policy (POL-13)")
    func canOpenURLUnderAManagedIdentity() async throws {
        let (fixture, alice, _) = try await Self.alicePolicy(["allowedOutboundDataTransferDestinations": "managedApps",
                                                              "managedBrowserToOpenLinksRequired": true])
        fixture.host.setQueryableSchemes(["https", "microsoft-edge-https", "ms-outlook", "ms-outlook-intunemam", "whatsapp"])
        let runtime = fixture.sdk, manager = fixture.policyManager
        func opens(_ url: String, as identity: String) -> Bool {
            manager.setCurrentThreadAccountId(identity) { runtime.canOpenURL(URL(string: url)!) }
        }
        #expect(!opens("https://contoso.example", as: alice.objectId), "the managed browser is required")
        #expect(opens("microsoft-edge-https://contoso.example", as: alice.objectId))
        #expect(opens("ms-outlook://compose", as: alice.objectId), "a managed app, through its twin")
        #expect(!opens("whatsapp://send", as: alice.objectId), "no twin: not a managed app")
        #expect(opens("https://contoso.example", as: ""), "unmanaged: the operating system answers")
        #expect(opens("whatsapp://send", as: ""))
        try await fixture.changePolicy(["allowedOutboundDataTransferDestinations": "none"])
        #expect(!opens("ms-outlook://compose", as: alice.objectId), "org data goes to no app")
        await fixture.tearDown()
    }

    @Test("an unmanaged identity has no policy: the app allows everything (POL-05)")
    func unmanagedHasNoPolicy() async throws {
        let (fixture, _, _) = try await Self.alicePolicy()
        #expect(fixture.policyManager.policy(forAccountId: "") == nil)
        #expect(fixture.policyManager.policy(forAccountId: nil) == nil)
        #expect(fixture.policyManager.policy(forAccountId: fixture.user("bob").objectId) == nil)
        await fixture.tearDown()
    }

    @Test("encryption and protection level follow appDataEncryptionType, capped by MaxFileProtectionLevel (POL-03, POL-06)")
    func encryptionAndLevel() async throws {
        let (fixture, alice, policy) = try await Self.alicePolicy()
        #expect(policy.isFileEncryptionRequired)
        #expect(policy.fileProtectionLevel == .complete)
        #expect(policy.notificationPolicy == .allow)
        try await fixture.changePolicy(["appDataEncryptionType": "useDeviceSettings"])
        let changed = try #require(fixture.policyManager.policy(forAccountId: alice.objectId))
        #expect(!changed.isFileEncryptionRequired)
        #expect(changed.fileProtectionLevel == IntuneMAMFileProtectionLevel.none)
        await fixture.tearDown()

        let settings = IntuneMAMSettings(values: ["MaxFileProtectionLevel": .number(2)])
        #expect(settings.maxFileProtectionLevel == .completeUntilFirstUserAuthentication)
        let (capped, _, cappedPolicy) = try await Self.alicePolicy(settings: settings)
        #expect(cappedPolicy.fileProtectionLevel == .completeUntilFirstUserAuthentication)
        await capped.tearDown()
    }

    @Test("MaxFileProtectionLevel caps by strength and ignores values that are no level")
    func capByStrength() {
        #expect(IntuneMAMFileProtectionLevel.complete.capped(at: .completeUnlessOpen) == .completeUnlessOpen)
        #expect(IntuneMAMFileProtectionLevel.completeUntilFirstUserAuthentication.capped(at: .completeUnlessOpen)
                    == .completeUntilFirstUserAuthentication)
        #expect(IntuneMAMFileProtectionLevel.complete.capped(at: nil) == .complete)
        for bad: IntuneMAMSettingValue in [.number(4), .number(1.5), .string("2"), .bool(true)] {
            #expect(IntuneMAMSettings(values: ["MaxFileProtectionLevel": bad]).maxFileProtectionLevel == nil)
        }
    }

    @Test("a changed policy posts policy-changed, and data-protection-changed when encryption changed (POL-03, POL-04)")
    func changeNotifications() async throws {
        let (fixture, alice, _) = try await Self.alicePolicy()
        #expect(fixture.host.notifications.isEmpty)
        try await fixture.changePolicy([:])
        #expect(fixture.host.notifications.isEmpty, "an unchanged policy posts nothing")
        try await fixture.changePolicy(["saveAsBlocked": false])
        #expect(fixture.host.notifications == [IntuneMAMNotification(name: .policyDidChange, accountId: alice.objectId)])
        fixture.host.clear()
        try await fixture.changePolicy(["appDataEncryptionType": "useDeviceSettings"])
        #expect(fixture.host.notifications == [
            IntuneMAMNotification(name: .policyDidChange, accountId: alice.objectId),
            IntuneMAMNotification(name: .dataProtectionDidChange, accountId: alice.objectId),
        ])
        await fixture.tearDown()
    }
}
