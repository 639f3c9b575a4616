/// The app's policy delegate (`IntuneMAMPolicyDelegate`): restart, wipe and add-account requests.
///
/// Called on the runtime's background work queue; the SDK waits for each answer.
public protocol IntuneMAMPolicyDelegate: AnyObject, Sendable {
    /// The app must restart to apply its first policy. Return true when the app restarts itself;
    /// false makes the SDK show its restart dialog and relaunch the app (RST-01, RST-02).
    func restartApplication() -> Bool
    /// Wipe every piece of data of `accountId`; return only when done. True = everything is gone;
    /// false = the SDK deletes every file owned by the account itself (WIP-05).
    func wipeData(forAccountId accountId: String) -> Bool
    /// The SDK signed in and enrolled `accountId` on its own (AutoEnrollOnLaunch + MAMPolicyRequired);
    /// the app must add the account to its UI and call `completionHandler` (any thread).
    func addAccountId(_ accountId: String, completionHandler: @escaping @Sendable (IntuneMAMAddIdentityResult) -> Void)
    /// The SDK needs the app to switch to `accountId` ("" = an unmanaged account) for `reason` (IDS-06); the
    /// app completes with success when it can switch (it need not call `setUIPolicyAccountId`), else failed.
    /// The SDK blocks the triggering operation until the completion (any thread). Default: failed.
    func identitySwitchRequired(forAccountId accountId: String, reason: IntuneMAMIdentitySwitchReason,
                                completionHandler: @escaping @Sendable (IntuneMAMSwitchIdentityResult) -> Void)
}

extension IntuneMAMPolicyDelegate {
    /// Default: the SDK handles the restart.
    public func restartApplication() -> Bool { false }
    /// Default: the SDK deletes the account's files.
    public func wipeData(forAccountId accountId: String) -> Bool { false }
    /// Default: report failure (the app cannot add accounts).
    public func addAccountId(_ accountId: String,
                             completionHandler: @escaping @Sendable (IntuneMAMAddIdentityResult) -> Void) {
        completionHandler(.failed)
    }
}
