import Foundation
@testable import ReferenceSDK
import Testing

/// The pure rules under issue 27's device part: whom the managed app configuration names as the device's user
/// (MDM-01…03), and which policy asks for the PIN-attempts wipe (CL-06).
@Suite struct ReferenceSDKDeviceRulesTests {
    static let oid = "5b7c1f0e-2d4a-4c8e-9f31-6a2b8d0e4c11"

    @Test(arguments: [
        (MDMManagedUser(upn: "alice@contoso.example", accountId: oid), oid, "bob@contoso.example", true),
        (MDMManagedUser(upn: "alice@contoso.example", accountId: oid), oid.uppercased(), nil, true),
        (MDMManagedUser(upn: "alice@contoso.example", accountId: oid), "8e2f4a61-93c7-4b0d-a5e8-1c3f7d9b2a44", "ALICE@contoso.example", true),
        (MDMManagedUser(upn: "alice@contoso.example", accountId: oid), "8e2f4a61-93c7-4b0d-a5e8-1c3f7d9b2a44", "bob@contoso.example", false),
        (MDMManagedUser(upn: nil, accountId: oid), "8e2f4a61-93c7-4b0d-a5e8-1c3f7d9b2a44", nil, false),
        (MDMManagedUser(upn: "alice@contoso.example", accountId: nil), oid, "bob@contoso.example", false),
        (MDMManagedUser(upn: nil, accountId: nil), oid, "alice@contoso.example", false),
    ] as [(MDMManagedUser, String?, String?, Bool)])
    func theDevicesUserIsNamedByObjectIDOrUPNIgnoringCase(user: MDMManagedUser, accountId: String?, upn: String?, named: Bool) {
        #expect(user.names(accountId: accountId, upn: upn) == named)
    }

    @Test(arguments: [
        (#"{"pinRequired": true, "appActionIfMaximumPinRetriesExceeded": "wipe"}"#, true),
        (#"{"pinRequired": true, "appActionIfMaximumPinRetriesExceeded": "block"}"#, false),
        (#"{"pinRequired": true, "appActionIfMaximumPinRetriesExceeded": "warn"}"#, false),
        (#"{"pinRequired": true, "appActionIfMaximumPinRetriesExceeded": 5}"#, false),
        (#"{"pinRequired": true}"#, false),
    ])
    func onlyTheWipeActionWipesAfterThePINAttempts(json: String, wipes: Bool) throws {
        let policy = try #require(MAMServicePolicy(settingsJSON: Data(json.utf8), policyVersion: nil))
        #expect(policy.wipesAfterMaximumPinRetries == wipes)
    }

    // issue 27: the offline wipe
    @Test(arguments: [
        (#"{"periodOfflineBeforeWipeIsEnforced": "P1D"}"#, 86_400),
        (#"{"periodOfflineBeforeWipeIsEnforced": "P90D"}"#, 90 * 86_400),
        (#"{"periodOfflineBeforeWipeIsEnforced": "PT36H"}"#, 36 * 3600),
        (#"{"periodOfflineBeforeWipeIsEnforced": "ninety days"}"#, nil),
        (#"{"periodOfflineBeforeWipeIsEnforced": 90}"#, nil),
        (#"{"pinRequired": true}"#, nil),
    ] as [(String, TimeInterval?)])
    func theOfflineWipePeriodIsReadOnlyFromAnISODuration(json: String, period: TimeInterval?) throws {
        let policy = try #require(MAMServicePolicy(settingsJSON: Data(json.utf8), policyVersion: nil))
        #expect(policy.offlineWipePeriod == period)
    }
}
