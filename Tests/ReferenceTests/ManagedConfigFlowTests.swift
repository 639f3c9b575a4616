import Foundation
@testable import ReferenceSDK
import ReferenceTestSupport
import Testing

/// ``ManagedConfigFlow`` on its own, over a device from the fixture builder: how the held managed app configuration
/// turns into the allowed-accounts restriction (ALW-01) and the MDM-managed device's user (MDM-01, MDM-02), and what
/// each refuses, without an enrollment around it.
@Suite struct ManagedConfigFlowTests {
    /// The flow of a fresh runtime holding `values` as the device's managed app configuration.
    static func flow(holding values: [String: String], defects: Set<SDKDefect> = []) async throws
        -> (SDKFixture, ManagedConfigFlow) {
        let fixture = try await SDKFixture.Builder().make()
        fixture.makeRuntime(defects: defects)
        let engine = fixture.sdk.engine
        engine.store.mutate { $0.deviceConfig = HeldDeviceConfig(values: values) }
        return (fixture, engine.managedConfig)
    }

    /// The `IntuneMAMAllowedAccountsOnly` values, the defects planted, and whether sign-in ends up restricted.
    static let flags: [(flag: String, defects: Set<SDKDefect>, restricted: Bool)] = [
        ("Enabled", [], true),
        ("enabled", [], true),
        ("ENABLED", [], true),
        ("enabled", [.enabledValueCaseSensitive], false),
        ("Enabled ", [], false),
        ("Disabled", [], false),
        ("", [], false),
        ("true", [], false),
    ]

    @Test(arguments: flags)
    func onlyTheWordEnabledInAnyCaseRestrictsSignInToTheNamedAccount(flag: String, defects: Set<SDKDefect>,
                                                                    restricted: Bool) async throws {
        let (fixture, flow) = try await Self.flow(holding: [
            "IntuneMAMAllowedAccountsOnly": flag, "IntuneMAMUPN": " alice@contoso.example ", "IntuneMAMOID": "alice-id",
        ], defects: defects)
        #expect((flow.allowedAccounts != nil) == restricted)
        if restricted {
            #expect(flow.allowedAccounts == AllowedAccounts(upns: ["alice@contoso.example"], accountIds: ["alice-id"]))
            #expect(flow.allowedAccountsRefusal(accountId: "alice-id", upn: "alice@contoso.example") == nil)
            #expect(flow.allowedAccountsRefusal(accountId: "bob-id", upn: "bob@contoso.example")?.code == .notEmmAccount)
        } else {
            #expect(flow.allowedAccountsRefusal(accountId: "bob-id", upn: "bob@contoso.example") == nil)
        }
        await fixture.tearDown()
    }

    /// Managed app configurations, whether they name the device's user, and whether bob is refused for it.
    static let devices: [(values: [String: String], user: Bool, bobRefused: Bool)] = [
        (["IntuneMAMUPN": "alice@contoso.example"], true, true),
        (["IntuneMAMOID": "alice-id"], true, true),
        (["IntuneMAMUPN": "  ", "IntuneMAMOID": ""], false, false),
        ([:], false, false),
    ]

    @Test(arguments: devices)
    func aDeviceWhoseConfigurationNamesItsUserRunsHooksAsPassthroughAndRefusesAnyOtherAccount(
        values: [String: String], user: Bool, bobRefused: Bool) async throws {
        let (fixture, flow) = try await Self.flow(holding: values)
        #expect((flow.mdmManagedUser != nil) == user)
        #expect(flow.hooksRunAsPassthrough == user)
        #expect(flow.mdmEnrolledUserRefusal(accountId: "alice-id", upn: "alice@contoso.example") == nil)
        #expect((flow.mdmEnrolledUserRefusal(accountId: "bob-id", upn: "bob@contoso.example")?.code
                 == .mdmEnrolledDifferentUser) == bobRefused)
        await fixture.tearDown()
    }
}
