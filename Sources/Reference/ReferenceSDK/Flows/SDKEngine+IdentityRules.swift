/// The identity model (IDS-02…04, IDS-07): process, UI and thread identities, which of them is effective,
/// and how the identity layer compares accounts.
extension SDKEngine {
    /// True when the app runs as a multi-identity app (`MultiIdentity`): identities start unmanaged and the PIN
    /// waits for a switch to the managed account.
    var isMultiIdentityApp: Bool {
        configuration.settings.multiIdentity && rules.identity.multiIdentityStartsUnmanaged
    }

    /// `getProcessAccountId`: what the app set, else for single-identity apps the enrolled account (IDS-03),
    /// for multi-identity apps nil (IDS-04).
    var processIdentity: String? {
        if let explicit = identities.process { return explicit }
        if isMultiIdentityApp || !rules.identity.singleIdentityAppHasProcessIdentity { return nil }
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
        let identity = rules.identity
        if !identity.fileOwnerIgnoresUIIdentity, let ui = identities.ui { return ui }
        guard identity.fileOwnerFollowsThreadIdentity else { return processIdentity }
        guard identity.threadIdentityOverridesProcess else { return processIdentity ?? IntuneMAMThreadIdentity.accountId }
        return threadIdentity
    }

    /// The identity layer's account comparison (IDS-07): case-insensitive, nil and "" both meaning
    /// "unmanaged, no account".
    func sameAccount(_ lhs: String?, _ rhs: String?) -> Bool {
        let left = lhs ?? ""
        let right = rhs ?? ""
        guard rules.identity.switchIgnoresCase else { return left == right }
        return left.lowercased() == right.lowercased()
    }

    /// The managed (enrolled) account when `accountId` names it, as far as the identity layer can tell.
    func managedAccount(matching accountId: String?) -> String? {
        guard let accountId, !accountId.isEmpty, let managed = store.read({ $0.enrolledAccountId }),
              sameAccount(accountId, managed) else { return nil }
        return managed
    }

    /// True when `accountId` is another account of the managed account's organisation: one the app registered
    /// with the SDK or the SDK signed in itself (both are accounts of the tenant; the simulation has one
    /// organisation per case). Looked up case-insensitively, like a directory lookup.
    func isOtherAccountOfOrganisation(_ accountId: String) -> Bool {
        store.read { state in
            guard let managed = state.enrolledAccountId, !sameAccount(managed, accountId) else { return false }
            return state.registered(accountId) != nil
                || state.tokenCache.contains { AccountIdentity.same($0.accountId, accountId) }
        }
    }
}
