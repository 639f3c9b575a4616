import Foundation
@testable import ReferenceSDK
import ReferenceTestSupport
import Testing

/// ``PINGate`` on its own (RST-04, CL-05, CL-06), over a runtime's state and app from the fixture builder, with the
/// wipe it links to recorded instead of run: a stored PIN let in, and what used-up attempts end in.
@Suite struct PINGateTests {
    /// The policy's action for used-up attempts, a conditional wipe still noted, the PINs the user types, why the
    /// data stays hidden (nil: it shows), and the wipe steps the gate asked for.
    static let cases: [(action: String?, notedWipe: String?, pins: [String?], blocked: IntuneMAMLaunchBlockReason?,
                        asked: [String])] = [
        (nil, nil, ["2580"], nil, []),
        (nil, nil, ["0000", "2580"], nil, []),
        ("wipe", nil, ["0000", "0000"], .pinRetriesExceeded, ["wipe alice-id"]),
        ("block", nil, ["0000", "0000"], .pinRetriesExceeded, []),
        (nil, nil, [nil], .pinCanceled, []),
        ("wipe", "alice-id", ["2580"], .pinRetriesExceeded, ["finish wipe alice-id"]),
    ]

    @Test(arguments: cases)
    func aStoredPINLetsTheAccountInAndUsedUpAttemptsEndInTheWipeThePolicyNames(
        action: String?, notedWipe: String?, pins: [String?], blocked: IntuneMAMLaunchBlockReason?, asked: [String]
    ) async throws {
        let fixture = try await SDKFixture.Builder().make()
        let engine = fixture.makeRuntime().engine
        let built = engine.gates.pin
        let recorder = ConditionalLaunchRecorder(notedWipe: notedWipe)
        let gate = PINGate(rules: built.rules, restartRules: built.restartRules, wipeRules: built.wipeRules,
                           store: built.store, connections: built.connections, recheck: built.recheck,
                           credentials: built.credentials, log: built.log,
                           wipes: recorder)
        let salt = PINHasher.makeSalt()
        engine.store.mutate {
            $0.pin = SDKState.PINRecord(accountId: "alice-id", salt: salt, hash: PINHasher.hash(pin: "2580", salt: salt))
        }
        var settings: [String: Any] = ["pinRequired": true, "maximumPinRetries": 2]
        settings["appActionIfMaximumPinRetriesExceeded"] = action
        let policy = try #require(MAMServicePolicy(settingsJSON: Data(heldPolicy(settings).utf8), policyVersion: nil))
        fixture.app.answerPINs(pins)
        #expect(gate.check(accountId: "alice-id", policy: policy) == blocked)
        #expect(recorder.asked == asked)
        #expect((engine.store.read { $0.lastAccessCheckAt } != nil) == (blocked == nil), "only a passed PIN starts the recheck period")
        #expect(fixture.app.count(.ui(.signIn)) == (action == "block" ? 1 : 0),
                "used-up attempts without a wipe offer the sign-in that resets the PIN")
        await fixture.tearDown()
    }

    @Test func withoutAStoredPINTheUserSetsOneUpOfThePolicysLengthAndItIsStoredHashed() async throws {
        let fixture = try await SDKFixture.Builder().make()
        let gate = fixture.makeRuntime().engine.gates.pin
        let policy = try #require(MAMServicePolicy(settingsJSON: Data(heldPolicy(["pinRequired": true, "minimumPinLength": 6]).utf8),
                                                   policyVersion: nil))
        fixture.app.answerPINs(["2580", "258025"])
        #expect(gate.check(accountId: "alice-id", policy: policy) == nil)
        let record = try #require(gate.store.read { $0.pin })
        #expect(record.accountId == "alice-id")
        #expect(record.hash != "258025" && PINHasher.verify(pin: "258025", record: record))
        #expect(fixture.app.count(.ui(.pinSetup)) == 2, "a PIN shorter than the policy's minimum is asked again")
        await fixture.tearDown()
    }
}
