/// How the SDK tells accounts apart (ENR-12, IDS-01, IDS-07): which account is the managed one, whether two account
/// IDs name the same account, and whether an account is another of the managed account's organisation.
///
/// A leaf that most flows are given: it holds no state of its own and reaches nothing but its two rule groups and the
/// state (the enrolled account, the registered accounts and the held tokens). Two comparisons, on purpose: the one
/// at the SDK's API boundary (registration, the managed-account check, ENR-12) and the identity layer's (switches,
/// hand-offs, the clipboard, IDS-07), since a defect can break either alone. Both are kept apart from
/// ``AccountIdentity`` so the rules reach only these comparisons, not every lookup in the state.
struct AccountMatching: Sendable {
    /// The API boundary's comparison (`accountIdsIgnoreCase`).
    let enrollmentRules: SDKRules.Enrollment
    /// The identity layer's comparison (`switchIgnoresCase`).
    let rules: SDKRules.Identity
    let store: SDKStateStore

    /// True when both name the same account at the API boundary: case-insensitive where the rule holds (ENR-12).
    func sameIdentity(_ lhs: String?, _ rhs: String?) -> Bool {
        guard enrollmentRules.accountIdsIgnoreCase else {
            guard let lhs, let rhs else { return false }
            return lhs == rhs
        }
        return AccountIdentity.same(lhs, rhs)
    }

    /// True when `accountId` is the enrolled (managed) account of `state`.
    func isManaged(_ accountId: String?, in state: SDKState) -> Bool {
        guard let accountId else { return false }
        return sameIdentity(state.enrolledAccountId, accountId)
    }

    /// The identity layer's account comparison (IDS-07): case-insensitive, nil and "" both meaning
    /// "unmanaged, no account".
    func sameAccount(_ lhs: String?, _ rhs: String?) -> Bool {
        let left = lhs ?? ""
        let right = rhs ?? ""
        guard rules.switchIgnoresCase else { return left == right }
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
