import Foundation
@testable import ReferenceSDK
import ReferenceTestSupport
import Testing

/// ``IdentityHandoff`` on its own, as the engine of a fixture-built runtime wires it, with ``SDKTestHost`` answering
/// the identity switches the SDK asks for: an item of another identity opens only once the app agreed and the switch
/// to its owner happened (IDS-06).
@Suite struct IdentityHandoffTests {
    /// The app's answer to `identitySwitchRequiredForAccountId`, what happens to the item, and the UI identity after.
    static let answers: [(answer: IntuneMAMSwitchIdentityResult, outcome: IntuneMAMOpenOutcome, ui: String?)] = [
        (.success, IntuneMAMOpenOutcome(opened: true, switched: true), "carol-id"),
        (.failed, IntuneMAMOpenOutcome(opened: false, switched: false), nil),
        (.canceled, IntuneMAMOpenOutcome(opened: false, switched: false), nil),
    ]

    @Test(arguments: answers)
    func anItemOfAnotherIdentityOpensOnlyOnceTheAppAgreedAndTheUIIdentitySwitchedToItsOwner(
        answer: IntuneMAMSwitchIdentityResult, outcome: IntuneMAMOpenOutcome, ui: String?
    ) async throws {
        var builder = SDKFixture.Builder()
        builder.appSide = .identityHost
        let fixture = try await builder.make()
        let handoff = fixture.makeRuntime(settings: IntuneMAMSettings(multiIdentity: true)).engine.handoff
        fixture.host.answerSwitch(answer)
        let opened = await withCheckedContinuation { continuation in
            handoff.handOff(ownedBy: "carol-id", reason: .openURL) { continuation.resume(returning: $0) }
        }
        #expect(opened == outcome)
        #expect(fixture.host.switchRequests == [SDKTestHost.SwitchRequest(accountId: "carol-id", reason: .openURL)])
        #expect(handoff.identities.ui == ui)
        let again = await withCheckedContinuation { continuation in
            handoff.handOff(ownedBy: ui ?? "", reason: .documentImport) { continuation.resume(returning: $0) }
        }
        #expect(again == IntuneMAMOpenOutcome(opened: true, switched: false), "an item of the UI identity opens at once")
        #expect(fixture.host.switchRequests.count == 1)
        await fixture.tearDown()
    }
}
