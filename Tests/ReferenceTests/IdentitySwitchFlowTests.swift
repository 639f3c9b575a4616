import Foundation
@testable import ReferenceSDK
import ReferenceTestSupport
import Testing

/// ``IdentitySwitchFlow`` on its own, as the engine of a fixture-built runtime wires it (the identity rules it links
/// to are the engine's): a switch to the managed account waits for its conditional launch (IDS-05), another account
/// of the organisation is refused (IDS-01), and an unmanaged identity needs nothing (IDS-02).
@Suite struct IdentitySwitchFlowTests {
    /// The identity requested, the PINs typed, the switch's result, and the UI identity after it.
    static let switches: [(requested: String?, pins: [String?], result: IntuneMAMSwitchIdentityResult, ui: String?)] = [
        ("alice-id", ["2580"], .success, "alice-id"),
        ("ALICE-ID", ["2580"], .success, "ALICE-ID"),
        ("alice-id", [nil], .canceled, nil),
        ("bob-id", [], .notAllowed, nil),
        ("carol-id", [], .success, "carol-id"),
        ("", [], .success, ""),
    ]

    @Test(arguments: switches)
    func aSwitchToTheManagedAccountChangesTheUIIdentityOnlyOnceItsConditionalLaunchPassed(
        requested: String?, pins: [String?], result: IntuneMAMSwitchIdentityResult, ui: String?
    ) async throws {
        let fixture = try await SDKFixture.Builder().make()
        let engine = fixture.makeRuntime(settings: IntuneMAMSettings(multiIdentity: true)).engine
        engine.store.mutate { state in
            state.registeredAccounts = [.init(accountId: "alice-id", upn: nil), .init(accountId: "bob-id", upn: nil)]
            state.enrolledAccountId = "alice-id"
            state.policyJSON = heldPolicy(["pinRequired": true])
        }
        fixture.app.answerPINs(pins)
        let flow = engine.identitySwitch
        var switched: IntuneMAMSwitchIdentityResult?
        flow.switchUIIdentity(to: requested) { switched = $0 }
        #expect(switched == result)
        #expect(flow.identities.ui == ui)
        #expect(fixture.app.count(.ui(.pinSetup)) == pins.count, "only the managed account's switch asks for the PIN")
        #expect(flow.identities.hasPassedConditionalLaunch("alice-id") == (result == .success && !pins.isEmpty))
        await fixture.tearDown()
    }
}
