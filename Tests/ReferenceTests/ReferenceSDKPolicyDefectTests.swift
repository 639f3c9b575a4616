import Foundation
import ReferenceSDK
import Testing

/// Each policy-query defect (POL) visibly changes the one behaviour it names; the correct behaviour of the
/// same scenarios is in ReferenceSDKPolicyTests.
@Suite("ReferenceSDK policy-query defects")
struct ReferenceSDKPolicyDefectTests {
    @Test("saveToIgnoresAccount: another account's documents count as the managed account's")
    func saveToIgnoresAccount() async throws {
        let (fixture, _, policy) = try await ReferenceSDKPolicyTests.alicePolicy(defects: [.saveToIgnoresAccount])
        let bob = fixture.user("bob").objectId
        #expect(policy.isSaveToAllowed(forLocation: .accountDocument, withAccountId: bob))
        #expect(policy.isSaveToAllowed(forLocation: .oneDriveForBusiness, withAccountId: bob))
        #expect(!policy.isSaveToAllowed(forLocation: .cameraRoll, withAccountId: nil))
        await fixture.tearDown()
    }

    @Test("openFromIgnoresPolicy: every open location is allowed under managedApps")
    func openFromIgnoresPolicy() async throws {
        let (fixture, _, policy) = try await ReferenceSDKPolicyTests.alicePolicy(defects: [.openFromIgnoresPolicy])
        #expect(policy.isOpenFromAllowed(forLocation: .camera, withAccountId: nil))
        #expect(policy.isOpenFromAllowed(forLocation: .other, withAccountId: nil))
        await fixture.tearDown()
    }

    @Test("unmanagedQueriesRestricted: unmanaged identities get the managed account's restrictions")
    func unmanagedQueriesRestricted() async throws {
        let (fixture, _, _) = try await ReferenceSDKPolicyTests.alicePolicy(defects: [.unmanagedQueriesRestricted])
        let unmanaged = try #require(fixture.policyManager.policy(forAccountId: ""))
        #expect(!unmanaged.isSaveToAllowed(forLocation: .box, withAccountId: nil))
        #expect(fixture.policyManager.policy(forAccountId: fixture.user("bob").objectId) != nil)
        #expect(!fixture.policyManager.isAccountIdManaged(""))
        await fixture.tearDown()
    }

    @Test("policyChangeNotNotified: a changed policy applies without policy-changed")
    func policyChangeNotNotified() async throws {
        let (fixture, alice, _) = try await ReferenceSDKPolicyTests.alicePolicy(defects: [.policyChangeNotNotified])
        try await fixture.changePolicy(["saveAsBlocked": false])
        #expect(fixture.host.notifications.isEmpty)
        let policy = try #require(fixture.policyManager.policy(forAccountId: alice.objectId))
        #expect(policy.isSaveToAllowed(forLocation: .box, withAccountId: nil))
        await fixture.tearDown()
    }

    @Test("encryptionChangeNotNotified: encryption turned off posts policy-changed only")
    func encryptionChangeNotNotified() async throws {
        let (fixture, alice, _) = try await ReferenceSDKPolicyTests.alicePolicy(defects: [.encryptionChangeNotNotified])
        try await fixture.changePolicy(["appDataEncryptionType": "useDeviceSettings"])
        #expect(fixture.host.notifications == [IntuneMAMNotification(name: .policyDidChange, accountId: alice.objectId)])
        await fixture.tearDown()
    }

    @Test("maxProtectionLevelIgnored: the policy's level applies uncapped")
    func maxProtectionLevelIgnored() async throws {
        let settings = IntuneMAMSettings(values: ["MaxFileProtectionLevel": .number(1)])
        let (fixture, _, policy) = try await ReferenceSDKPolicyTests.alicePolicy(settings: settings,
                                                                                 defects: [.maxProtectionLevelIgnored])
        #expect(policy.fileProtectionLevel == .complete)
        await fixture.tearDown()
    }
}
