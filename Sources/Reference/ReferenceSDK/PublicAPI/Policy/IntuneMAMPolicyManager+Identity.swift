/// The identity API of `IntuneMAMPolicyManager` (IDS-02…05, IDS-07): process, UI and thread identities and
/// the policy of the current identity.
///
/// nil means "not set" and falls back (UI and thread → process identity); "" means "no user / an unmanaged
/// account". For single-identity apps the process identity is the enrolled account; with `MultiIdentity`
/// everything starts nil.
extension IntuneMAMPolicyManager {
    /// The process identity: what the app set, else for single-identity apps the enrolled account (IDS-03),
    /// for multi-identity apps nil (IDS-04).
    public func getProcessAccountId() -> String? {
        engine.identityQueries.processIdentity
    }

    /// Sets the process identity (nil = back to the default); multi-identity apps should avoid it.
    public func setProcessAccountId(_ accountId: String?) {
        engine.identities.setProcess(accountId)
    }

    /// Switches the UI identity. For the managed account the SDK first runs conditional launch (the PIN) and
    /// completes only afterwards: show the account's data only on `.success` (IDS-05). "" or an unmanaged
    /// account → `.success` with no policy; another account of the managed account's organisation →
    /// `.notAllowed` (IDS-01). The completion runs on the SDK's queue (the real SDK: the main thread).
    public func setUIPolicyAccountId(_ accountId: String?,
                                     completionHandler: @escaping @Sendable (IntuneMAMSwitchIdentityResult) -> Void) {
        engine.identitySwitch.setUIIdentity(accountId, completion: completionHandler)
    }

    /// The UI identity, else the process identity.
    public func getUIPolicyAccountId() -> String? {
        engine.identityQueries.uiIdentity
    }

    /// Runs `body` with the calling thread's identity set to `accountId`, restoring the previous one after
    /// (`IntuneMAMSwiftContextManager.setAccountId(_:forScope:)`). Files the thread creates inside belong to
    /// it (IDS-09).
    public func setCurrentThreadAccountId<Result>(_ accountId: String?, forScope body: () throws -> Result) rethrows
        -> Result {
        try IntuneMAMThreadIdentity.$accountId.withValue(accountId, operation: body)
    }

    /// The calling thread's identity, else the process identity.
    public func getCurrentThreadAccountId() -> String? {
        engine.identityQueries.threadIdentity
    }

    /// The policy of the current (UI) identity: nil when it is unmanaged (IDS-02, POL-05).
    public var policy: (any IntuneMAMPolicy)? {
        engine.policies.appPolicy(forAccountId: engine.identityQueries.uiIdentity)
    }
}
