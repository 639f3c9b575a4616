/// `allowedAccounts` / `allowedAccountIds` (ALW-01): what the administrator allows, for the app to enforce.
extension IntuneMAMEnrollmentManager {
    /// The UPNs of the accounts allowed to sign in, or nil when the administrator set no restriction. The
    /// app must refuse other accounts and sign out a signed-in account that is no longer listed; observe
    /// `IntuneMAMNotification.Name.allowedAccountsDidChange`. Compare ignoring case (ALW-04).
    public var allowedAccounts: [String]? { engine.managedConfig.allowedAccounts?.upns }

    /// The account IDs (Entra object IDs) of the accounts allowed to sign in, or nil when unrestricted.
    public var allowedAccountIds: [String]? { engine.managedConfig.allowedAccounts?.accountIds }
}
