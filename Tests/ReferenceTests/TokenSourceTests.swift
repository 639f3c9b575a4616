import Foundation
@testable import ReferenceSDK
import ReferenceTestSupport
import Testing

/// ``TokenSource`` on its own, over a device from the fixture builder: the SDK's own cache answers before the app is
/// asked, a cached token too close to expiry without a way to refresh it is forgotten, and a token is never taken
/// from another account.
@Suite struct TokenSourceTests {
    /// Puts a token of the SDK's own sign-in for alice in the state, expiring `expiresIn` seconds from the device's now.
    static func cacheAliceToken(_ fixture: SDKFixture, expiresIn: TimeInterval, refreshToken: String? = nil) {
        let alice = fixture.user("alice")
        let expiresAt = fixture.clock.now.addingTimeInterval(expiresIn)
        fixture.sdk.engine.store.mutate { state in
            state.tokenCache = [SDKState.CachedToken(accountId: alice.objectId, upn: alice.upn, tenantId: nil,
                                                     accessToken: "sdk-cached-token", refreshToken: refreshToken,
                                                     expiresAt: expiresAt)]
        }
    }

    @Test func aCachedTokenValidForMoreThanAMinuteIsUsedWithoutAskingTheApp() async throws {
        let fixture = try await SDKFixture.make()
        fixture.makeRuntime()
        Self.cacheAliceToken(fixture, expiresIn: 3600)
        let tokens = fixture.sdk.engine.tokens
        let aliceId = fixture.user("alice").objectId
        let result = await sdkTestOffPool { tokens.acquireToken(for: aliceId.uppercased()) }
        let token = try result.get()
        #expect(token.value == "sdk-cached-token")
        #expect(token.fromSDKCache)
        #expect(fixture.app.tokensIssued.isEmpty, "the app's getAccessToken was not asked")
        await fixture.tearDown()
    }

    @Test func anExpiringCachedTokenWithoutRefreshTokenIsForgottenAndTheAppAsked() async throws {
        let fixture = try await SDKFixture.make()
        fixture.makeRuntime()
        let alice = fixture.user("alice")
        fixture.app.signIn(alice)
        Self.cacheAliceToken(fixture, expiresIn: 30)
        let tokens = fixture.sdk.engine.tokens
        let result = await sdkTestOffPool { tokens.acquireToken(for: alice.objectId) }
        let token = try result.get()
        #expect(!token.fromSDKCache)
        #expect(fixture.app.tokensIssued == [token.value], "the token came from the app")
        #expect(fixture.sdk.engine.store.read { $0.tokenCache }.isEmpty, "the unusable cached token was forgotten")
        await fixture.tearDown()
    }

    @Test func noTokenComesFromAnotherAccountsCacheEntryOrWithoutADelegate() async throws {
        let fixture = try await SDKFixture.make(users: [("alice", true), ("bob", true)])
        fixture.makeRuntime()
        Self.cacheAliceToken(fixture, expiresIn: 3600)
        fixture.sdk.engine.enrollmentDelegate = nil
        let tokens = fixture.sdk.engine.tokens
        let bobId = fixture.user("bob").objectId
        let result = await sdkTestOffPool { tokens.acquireToken(for: bobId) }
        #expect(throws: StatusFailure(.authRequired, "no enrollment delegate to supply a token")) { try result.get() }
        await fixture.tearDown()
    }
}
