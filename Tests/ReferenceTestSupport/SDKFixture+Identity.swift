import ReferenceSDK
import Testing

/// The steps of the identity and policy-query tests: two accounts of one tenant, UI identity switches, data handed
/// to the app by the OS, and policy changes delivered by a check-in.
extension SDKFixture {
    /// Alice signs in and enrolls; the app restarts for the first policy (PINs from `pins` at that launch).
    @discardableResult
    public func enrollAlice(pins: [String?] = []) async -> SDKTestUser {
        let alice = user("alice")
        app.signIn(alice)
        sdk.enrollmentManager.registerAndEnrollAccountId(alice.objectId)
        await idle()
        app.answerPINs(pins)
        await launch()
        host.clear()
        return alice
    }

    /// Bob signs in and is registered (227 while alice is enrolled).
    public func registerBob() async {
        app.signIn(user("bob"))
        sdk.enrollmentManager.registerAndEnrollAccountId(user("bob").objectId)
        await idle()
    }

    /// `setUIPolicyAccountId` and its completion.
    public func switchUI(_ accountId: String?) async -> IntuneMAMSwitchIdentityResult {
        let manager = policyManager
        return await withCheckedContinuation { continuation in
            manager.setUIPolicyAccountId(accountId) { continuation.resume(returning: $0) }
        }
    }

    /// The OS hands the app a URL (or a document) owned by `accountId`.
    public func receive(ownedBy accountId: String, document: Bool = false) async -> IntuneMAMOpenOutcome {
        let runtime = sdk
        return await withCheckedContinuation { continuation in
            if document {
                runtime.applicationImportDocument(ownedBy: accountId) { continuation.resume(returning: $0) }
            } else {
                runtime.applicationOpenURL(ownedBy: accountId) { continuation.resume(returning: $0) }
            }
        }
    }

    /// The app returns to the foreground.
    public func resume() async -> IntuneMAMLaunchState {
        let runtime = sdk
        return await withCheckedContinuation { continuation in
            runtime.applicationWillEnterForeground { continuation.resume(returning: $0) }
        }
    }

    /// Changes the tenant's policy (nothing when `settings` is empty) and lets the next 8-hour check-in
    /// deliver it.
    public func changePolicy(_ settings: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        if !settings.isEmpty { try await backend.updatePolicy(try #require(policyId, "the fixture made no policy"), settings) }
        try await advance(hours: 8, sourceLocation: sourceLocation)
    }
}
