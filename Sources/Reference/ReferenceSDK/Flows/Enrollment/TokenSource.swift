import Foundation

/// Token acquisition for every call to the MAM service: the SDK's own cache first (accounts it signed in itself,
/// refreshed when expired), then the app's `getAccessToken`.
///
/// It is given what a token comes from and nothing more: the state (the SDK's token cache), the service client
/// and the sign-in registration (refresh grants), the app connections (the enrollment delegate), how long to wait
/// for the app, the MAM resource and the clock.
struct TokenSource: Sendable {
    let store: SDKStateStore
    let service: MAMServiceClient
    let signIn: SDKSignIn
    let connections: SDKAppConnections
    let appWait: SDKAppWait
    /// The resource `getAccessToken` is asked for (the MAM service's audience).
    let mamResource: String
    let clock: any MAMClock
    let log: SDKLog

    /// The token a caller already holds (a retry, an enrollment that has just acquired one), or one acquired now.
    func token(_ preset: AccessToken?, for accountId: String) -> Result<AccessToken, StatusFailure> {
        preset.map { .success($0) } ?? acquireToken(for: accountId)
    }

    /// Blocks (on the work queue) until a token is available or it is clear there is none.
    func acquireToken(for accountId: String) -> Result<AccessToken, StatusFailure> {
        if let cached = cachedToken(for: accountId) { return .success(cached) }
        guard let delegate = connections.enrollmentDelegate else {
            return .failure(StatusFailure(.authRequired, "no enrollment delegate to supply a token"))
        }
        let resource = mamResource
        let answer: IntuneMAMEnrollmentToken? = appWait.callAndWait { done in
            delegate.getAccessToken(forAccountId: accountId, resource: resource, completion: done)
        }
        guard let answer else {
            return .failure(StatusFailure(.timeout, "getAccessToken did not complete within "
                                          + "\(Int(appWait.timeout)) s"))
        }
        guard let token = answer.accessToken, !token.isEmpty else {
            return .failure(StatusFailure(.authRequired, answer.error ?? "the app has no token for the account"))
        }
        log.registerSecret(token)
        let canonical = AccountIdentity.same(answer.oid, accountId) ? answer.oid : accountId
        return .success(AccessToken(value: token, upn: answer.upn, accountId: canonical, fromSDKCache: false))
    }

    /// A still-valid token from the SDK's own cache, refreshed when expired; nil when there is none.
    func cachedToken(for accountId: String) -> AccessToken? {
        guard let entry = store.read({ state in
            state.tokenCache.first { AccountIdentity.same($0.accountId, accountId) }
        }) else { return nil }
        if entry.expiresAt > clock.now.addingTimeInterval(60) {
            return AccessToken(value: entry.accessToken, upn: entry.upn, accountId: entry.accountId, fromSDKCache: true)
        }
        guard let refreshToken = entry.refreshToken else {
            dropCachedTokens(for: accountId)
            return nil
        }
        switch service.refreshGrant(refreshToken: refreshToken, as: signIn.registration) {
        case .success(let grant):
            return cache(grant)
        case .failure(let failure):
            log.warning("refreshing the SDK's token for \(accountId) failed: \(failure)")
            dropCachedTokens(for: accountId)
            return nil
        }
    }

    /// Stores tokens from the SDK's own sign-in and returns the access token.
    @discardableResult
    func cache(_ grant: MAMServiceClient.TokenGrant) -> AccessToken {
        log.registerSecret(grant.accessToken)
        log.registerSecret(grant.refreshToken)
        let entry = SDKState.CachedToken(accountId: grant.oid, upn: grant.upn, tenantId: grant.tenantId,
                                         accessToken: grant.accessToken, refreshToken: grant.refreshToken,
                                         expiresAt: clock.now.addingTimeInterval(grant.expiresIn))
        store.mutate { state in
            state.tokenCache.removeAll { AccountIdentity.same($0.accountId, grant.oid) }
            state.tokenCache.append(entry)
        }
        return AccessToken(value: grant.accessToken, upn: grant.upn, accountId: grant.oid, fromSDKCache: true)
    }

    func dropCachedTokens(for accountId: String) {
        store.mutate { state in state.tokenCache.removeAll { AccountIdentity.same($0.accountId, accountId) } }
    }

    /// Runs an authorized service call; a refused SDK-cached token is refreshed and the call retried once.
    func authorized<T>(_ token: AccessToken, _ call: (String) -> Result<T, MAMServiceClient.Failure>)
        -> Result<T, MAMServiceClient.Failure> {
        let result = call(token.value)
        guard case .failure(.unauthorized) = result, token.fromSDKCache else { return result }
        store.mutate { state in
            if let index = state.tokenCache.firstIndex(where: { AccountIdentity.same($0.accountId, token.accountId) }) {
                state.tokenCache[index].expiresAt = .distantPast
            }
        }
        guard let fresh = cachedToken(for: token.accountId) else { return result }
        return call(fresh.value)
    }
}
