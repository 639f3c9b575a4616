/// The identity model (IDS-02…04, IDS-09, IDS-51): which identity the process, the UI, the calling thread and the
/// thread's new files have, from what the app set and what is enrolled.
///
/// A leaf with no state of its own: it is given the identity rules, whether the app declared `MultiIdentity`, the
/// identities the app set (``SDKIdentities``) and the state (the enrolled account).
struct IdentityQueries: Sendable {
    let rules: SDKRules.Identity
    /// The app's `MultiIdentity` setting.
    let multiIdentity: Bool
    let identities: SDKIdentities
    let store: SDKStateStore

    /// True when the app runs as a multi-identity app (`MultiIdentity`): identities start unmanaged and the PIN
    /// waits for a switch to the managed account.
    var isMultiIdentityApp: Bool {
        multiIdentity && rules.multiIdentityStartsUnmanaged
    }

    /// `getProcessAccountId`: what the app set, else for single-identity apps the enrolled account (IDS-03),
    /// for multi-identity apps nil (IDS-04).
    var processIdentity: String? {
        if let explicit = identities.process { return explicit }
        if isMultiIdentityApp || !rules.singleIdentityAppHasProcessIdentity { return nil }
        return store.read { $0.enrolledAccountId }
    }

    /// `getUIPolicyAccountId`: the UI identity the app set, else the process identity.
    var uiIdentity: String? {
        identities.ui ?? processIdentity
    }

    /// `getCurrentThreadAccountId`: the scoped thread identity, else the process identity.
    var threadIdentity: String? {
        IntuneMAMThreadIdentity.accountId ?? processIdentity
    }

    /// The identity new files of the calling thread belong to (IDS-09, IDS-51): the thread identity, "" too, else the
    /// process identity. Never the UI identity, which does not affect file tasks (000:519).
    var effectiveFileIdentity: String? {
        if !rules.fileOwnerIgnoresUIIdentity, let ui = identities.ui { return ui }
        guard rules.fileOwnerFollowsThreadIdentity else { return processIdentity }
        guard rules.threadIdentityOverridesProcess else { return processIdentity ?? IntuneMAMThreadIdentity.accountId }
        return threadIdentity
    }
}
