import Foundation
@testable import ReferenceSDK
import ReferenceTestSupport
import Testing

/// ``CredentialsGate`` on its own (CL-02), over a runtime from the fixture builder against the mock tenant's token
/// endpoint: only a sign-in of the managed account itself lets its data show.
@Suite struct CredentialsGateTests {
    /// Who signs in at the prompt (nil: the user cancels), and why the data stays hidden (nil: it shows).
    static let signIns: [(alias: String?, blocked: IntuneMAMLaunchBlockReason?)] = [
        ("alice", nil),
        ("bob", .signInCanceled),
        (nil, .signInCanceled),
    ]

    @Test(arguments: signIns)
    func onlyASignInOfTheManagedAccountItselfLetsItsDataShow(alias: String?, blocked: IntuneMAMLaunchBlockReason?)
        async throws {
        var builder = SDKFixture.Builder()
        builder.users = [("alice", true), ("bob", true)]
        let fixture = try await builder.make()
        let gate = fixture.makeRuntime().engine.gates.credentials
        let policy = try #require(MAMServicePolicy(settingsJSON: Data(heldPolicy(["organizationalCredentialsRequired": true]).utf8),
                                                   policyVersion: nil))
        fixture.app.answerSignIn(alias.map(fixture.user))
        let alice = fixture.user("alice").objectId
        #expect(await sdkTestOffPool { gate.check(accountId: alice, policy: policy) } == blocked)
        #expect((gate.store.read { $0.lastAccessCheckAt } != nil) == (blocked == nil), "a passed sign-in starts the recheck period")
        #expect(fixture.app.count(.ui(.signIn)) == 1)
        await fixture.tearDown()
    }
}
