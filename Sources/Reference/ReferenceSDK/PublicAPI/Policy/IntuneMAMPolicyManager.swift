/// `IntuneMAMPolicyManager`: which accounts are managed and what policy applies to them.
///
/// One managed account at a time (IDS-01): the enrolled account. Every other account, and nil, is
/// unmanaged and has no policy. Identities: `IntuneMAMPolicyManager+Identity.swift`.
public final class IntuneMAMPolicyManager: Sendable {
    let engine: SDKEngine

    init(engine: SDKEngine) {
        self.engine = engine
    }

    /// Receives restart, wipe and add-account requests; held strongly (as in the real SDK) until the
    /// runtime terminates. Set it before launching.
    public var delegate: (any IntuneMAMPolicyDelegate)? {
        get { engine.policyDelegate }
        set { engine.policyDelegate = newValue }
    }

    /// The policy of `accountId`, or nil when the account is unmanaged or has no policy yet.
    public func policy(forAccountId accountId: String?) -> (any IntuneMAMPolicy)? {
        engine.policies.appPolicy(forAccountId: accountId)
    }

    /// True when `accountId` is the managed (enrolled) account; case-insensitive.
    public func isAccountIdManaged(_ accountId: String?) -> Bool {
        engine.store.read { state in engine.accounts.isManaged(accountId, in: state) }
    }

    /// Values the SDK masks in every later log line, set at run time beside the Info.plist's
    /// `ValuesToScrubFromLogging` (CFG-07). The real SDK has this as the class property
    /// `IntuneMAMSettings.valuesToScrubFromLogging`; the reference keeps it per runtime, persisted, so it holds
    /// after a restart too.
    public var valuesToScrubFromLogging: [String] {
        get { engine.store.read { $0.runtimeScrubValues ?? [] } }
        set { engine.appConfig.setRuntimeScrubValues(newValue) }
    }

    /// The client id of the app's Entra registration the SDK signs in with, in place of Info.plist `ADALClientId`
    /// (ENR-15); nil clears it. The real SDK has these three as class properties of `IntuneMAMSettings`; the reference
    /// keeps them per runtime, persisted, so they hold after a restart as the real ones do.
    public var aadClientIdOverride: String? {
        get { engine.signIn.overrides?.clientId }
        set { engine.signIn.setOverride(\.clientId, to: newValue) }
    }

    /// The authority the SDK signs in at, in place of Info.plist `ADALAuthority` (ENR-15); nil clears it.
    public var aadAuthorityUriOverride: String? {
        get { engine.signIn.overrides?.authority }
        set { engine.signIn.setOverride(\.authority, to: newValue) }
    }

    /// The redirect URI of the app's registration, in place of Info.plist `ADALRedirectUri` (ENR-15); nil clears it.
    /// The SDK's own grants (password, refresh) send none, so no backend sees it.
    public var aadRedirectUriOverride: String? {
        get { engine.signIn.overrides?.redirectUri }
        set { engine.signIn.setOverride(\.redirectUri, to: newValue) }
    }

    /// The enrolled primary account, nil when none.
    public var primaryAccountId: String? {
        engine.store.read { $0.enrolledAccountId }
    }
}
