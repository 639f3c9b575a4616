import AdapterProtocol
import ReferenceSDK

/// The `app.state` answer: what a user (and a test) could see of the app right now.
enum AppStateSnapshot {
    /// - Parameters:
    ///   - app: the running app, or nil before the first launch (then accounts and files come from disk).
    ///   - device: for the data directory when no app runs.
    static func make(app: ReferenceApp?, device: ReferenceDevice) -> AppSnapshot {
        let rules = device.appRules.state
        let stored = app?.accounts.accounts ?? AccountStore(dataDirectory: device.environment.dataDirectory).accounts
        // The contract fixes no order of the signed-in accounts, and lets an app that keeps no settings leave them out.
        let accounts = rules.signedInAccountsOrder == .newestFirst ? Array(stored.reversed()) : stored
        let files = app?.files ?? AccountFiles(dataDirectory: device.environment.dataDirectory)
        let launchState = app?.runtime.launchState ?? .notLaunched
        let launched = launchState != .notLaunched && launchState != .terminated
        let ready = launchState == .ready
        let managed = app.flatMap { $0.runtime.policyManager.primaryAccountId }
        let preferences = app?.preferences ?? AppPreferences(dataDirectory: device.environment.dataDirectory)
        var data = files.listing()
        for account in accounts where !data.keys.contains(where: { $0.lowercased() == account.accountId.lowercased() }) {
            data[account.accountId] = []
        }
        return AppSnapshot(
            launched: launched, ready: ready,
            signedInAccounts: accounts.map { AdapterProtocol.SignedInAccount(accountId: AccountID($0.accountId), upn: UPN($0.upn)) },
            managedAccountId: managed.map { AccountID($0) },
            // Past every launch gate with an account whose data the app would show.
            corporateDataVisible: ready && !accounts.isEmpty,
            data: IdentityMap(data),
            preferences: preferences.keysByAccount.isEmpty && !rules.reportsEmptyPreferences ? nil : IdentityMap(preferences.keysByAccount))
    }
}
