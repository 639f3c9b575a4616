import AdapterKit
import AdapterProtocol
import Foundation
import IntuneBinding
import ReferenceSDK

/// What the app does when the SDK calls it (through the binding's delegates, after the runner decided): supply
/// tokens, wipe an account, restart, add an account the SDK signed in, and learn the account a
/// `loginAndEnrollAccount` enrolled.
extension ReferenceApp {
    /// The app's token for the SDK: cached if still valid on the integration's clock, else refreshed,
    /// else an error token. Answers from the app's auth queue, never blocking the SDK's queue itself.
    func accessToken(forAccountId accountId: String, resource: String,
                     completion: @escaping @Sendable (IntuneMAMEnrollmentToken) -> Void) {
        authQueue.async { [self] in
            completion(currentToken(for: accountId))
        }
    }

    private func currentToken(for accountId: String) -> IntuneMAMEnrollmentToken {
        guard var account = accounts.account(accountId) else {
            return .failure(accountId: accountId, error: "the app has no signed-in account \(accountId)")
        }
        if account.hasValidToken(at: device.clock.now), let token = account.accessToken {
            return IntuneMAMEnrollmentToken(accessToken: token, upn: account.upn, oid: account.accountId,
                                            tenantId: account.tenantId)
        }
        guard let refreshToken = account.refreshToken else {
            return .failure(accountId: accountId, upn: account.upn, error: "no token for \(account.upn)")
        }
        switch tokens.refreshGrant(refreshToken: refreshToken) {
        case .failure(let failure):
            events.log(.warning, "token refresh for \(account) failed: \(failure)")
            return .failure(accountId: accountId, upn: account.upn, error: "token refresh failed: \(failure)")
        case .success(let grant):
            account.accessToken = grant.accessToken
            account.refreshToken = grant.refreshToken ?? refreshToken
            account.expiresAt = device.clock.now.addingTimeInterval(grant.expiresIn)
            // The grant names the account as the directory does now: a renamed account keeps its object ID under a new
            // UPN (IDN-01), as MSAL's account does after a refresh.
            if !grant.upn.isEmpty { account.upn = grant.upn }
            // Only if still signed in: a sign-out may have happened while the refresh ran.
            if accounts.account(accountId) != nil { accounts.upsert(account) }
            return IntuneMAMEnrollmentToken(accessToken: grant.accessToken, upn: account.upn, oid: account.accountId,
                                            tenantId: account.tenantId)
        }
    }

    /// `wipeData(forAccountId:)`: the app drops the account's settings and signs it out (its tokens are its data
    /// too, and a wiped account must not be registered again at the next launch), whoever deletes the files (WIP-11);
    /// it deletes the files itself when the runner decided so, else leaves them to the SDK and returns false.
    func wipeData(forAccountId accountId: String, deletingFiles: Bool) -> Bool {
        if !deletingFiles && !rules.wipe.signsOutWhenLeavingFilesToSDK {
            events.log(.info, "leaving the wipe of \(accountId) to the SDK")
            return false
        }
        if rules.wipe.removesPreferences { preferences.removeAll(accountId: accountId) }
        if deletingFiles {
            var deleted = files.deleteAll(accountId: accountId)
            // A selective wipe is the account's data only; files no identity owns are the user's own.
            if !rules.wipe.keepsUnmanagedFiles { deleted += files.deleteAll(accountId: Self.unmanagedFolder) }
            events.app(AppEvent(kind: .dataWiped, accountId: AccountID(accountId), files: deleted))
        }
        switch rules.wipe.signOutTiming {
        case .inWipeCallback:
            forget(accountId)
        case .afterSDKFinishes:
            device.afterSDKFinishes("sign-out of the wiped account") { [self] in forget(accountId) }
        }
        return deletingFiles
    }

    /// `app.setPreference`: a setting of a signed-in account, kept outside the files.
    func setPreference(_ value: String, for key: String, accountId: String) throws(RPCError) {
        guard let account = accounts.account(accountId) else {
            throw RPCError(code: RPCError.actionFailed, message: "\(accountId) is not signed in")
        }
        preferences.set(value, for: key, accountId: account.accountId)
    }

    /// The enrollment a `loginAndEnrollAccount` started succeeded: an account the app did not know is listed
    /// (its tokens stay with the SDK).
    func sdkSignedIn(accountId: String, upn: String) {
        guard accounts.account(accountId) == nil else { return }
        accounts.upsert(SignedInAccount(accountId: accountId, upn: upn))
        events.app(AppEvent(kind: .signedIn, accountId: AccountID(accountId), upn: UPN(upn), by: .sdk))
    }

    /// `restartApplication()` was answered true: the app restarts itself once the SDK's callback has returned
    /// (scheduled, so the SDK's queue is not waited on from inside itself).
    func restartAfterSDKRequest() {
        device.scheduleSelfRestart(of: self)
    }

    /// `addAccountId`: the SDK signed a user in itself; the app lists the account (its tokens stay with
    /// the SDK).
    func addAccount(accountId: String) -> Bool {
        let upn = device.lastPromptedUPN ?? ""
        accounts.upsert(SignedInAccount(accountId: accountId, upn: upn))
        events.app(AppEvent(kind: .signedIn, accountId: AccountID(accountId), upn: UPN(upn), by: .sdk))
        return true
    }
}
