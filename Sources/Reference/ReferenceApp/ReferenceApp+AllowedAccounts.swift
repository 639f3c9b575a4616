import AdapterKit
import AdapterProtocol
import Foundation
import ReferenceSDK

/// The app's side of allowed accounts (ALW-03, ALW-04): the SDK only says which accounts the administrator
/// allows; the app refuses others at sign-in and signs out an account the list no longer allows.
extension ReferenceApp {
    /// Sign-outs the allowed-accounts notification triggers run here, one at a time: a sign-out blocks until
    /// the SDK has its token, which must not happen on the SDK's queue (where the notification arrives) nor
    /// on the Swift concurrency pool.
    private static let allowedAccountsQueue = DispatchQueue(label: "reference-app.allowed-accounts")

    /// The allowed list as the SDK exposes it (UPNs, account IDs); nil when the administrator set none.
    private var allowedList: (upns: [String], accountIds: [String])? {
        let manager = runtime.enrollmentManager
        let upns = manager.allowedAccounts
        let accountIds = manager.allowedAccountIds
        if upns == nil && accountIds == nil { return nil }
        return (upns ?? [], accountIds ?? [])
    }

    /// Identities compare ignoring case (ALW-04).
    private func same(_ lhs: String, _ rhs: String) -> Bool {
        rules.accounts.allowedListIgnoresCase ? lhs.lowercased() == rhs.lowercased() : lhs == rhs
    }

    /// An account is allowed when every list the administrator filled names it (a UPN the app does not know
    /// is not held against it); with both lists empty nobody is.
    private func isAllowed(accountId: String, upn: String, by list: (upns: [String], accountIds: [String])) -> Bool {
        if list.upns.isEmpty && list.accountIds.isEmpty { return false }
        let upnAllowed = list.upns.isEmpty || upn.isEmpty || list.upns.contains { same($0, upn) }
        let idAllowed = list.accountIds.isEmpty || list.accountIds.contains { same($0, accountId) }
        return upnAllowed && idAllowed
    }

    /// Before asking for a token: the UPN the user typed must be an allowed one (the guides: compare the
    /// entered account with the administrator's, and log a mismatch).
    func mayStartSignIn(upn: String) -> Bool {
        guard let list = allowedList, !list.upns.isEmpty else { return true }
        if list.upns.contains(where: { same($0, upn) }) { return true }
        return refuse("the entered account \(upn) is not an allowed account")
    }

    /// After the sign-in: the account (its account ID and UPN) must be allowed; otherwise its tokens are
    /// dropped unused and nothing is registered.
    func mayKeepSignIn(accountId: String, upn: String) -> Bool {
        guard let list = allowedList, !isAllowed(accountId: accountId, upn: upn, by: list) else { return true }
        return refuse("the account \(upn) (\(accountId)) is not an allowed account")
    }

    /// Logs the refusal; false, unless the app (against the rule) lets the account in anyway.
    private func refuse(_ reason: String) -> Bool {
        guard rules.accounts.refusesDisallowedSignIn else {
            events.log(.info, "\(reason); signing it in anyway")
            return true
        }
        events.log(.warning, "sign-in refused: \(reason)")
        return false
    }

    /// `IntuneMAMAllowedAccountsDidChangeNotification` arrived (on the SDK's queue): sign out, the documented
    /// way, every signed-in account the list no longer allows. Counted as app work, so `sync` waits for it. A
    /// terminated instance no longer observes.
    func allowedAccountsDidChange() {
        guard !runtime.isTerminated else { return }
        device.appWork.async(on: Self.allowedAccountsQueue) { [self] in signOutDisallowedAccounts() }
    }

    private func signOutDisallowedAccounts() {
        guard !runtime.isTerminated, let list = allowedList else { return }
        for account in accounts.accounts where !isAllowed(accountId: account.accountId, upn: account.upn, by: list) {
            guard rules.accounts.signsOutDisallowedAccount else {
                events.log(.info, "\(account) is no longer allowed; keeping it signed in")
                continue
            }
            events.log(.info, "\(account) is no longer allowed; signing it out")
            do {
                try signOut(accountId: account.accountId)
            } catch {
                events.log(.warning, "signing out \(account) failed: \(error.message)")
            }
        }
    }
}
