/// The policy the app gets (POL-01…06) and the notifications a changed policy posts (POL-03, POL-04).
///
/// A leaf with no state of its own: it is given the data-transfer rules, the app's `MaxFileProtectionLevel`, the
/// state (the held policy and the enrolled account), how accounts are matched, and the app connections (the
/// notifications).
struct PolicyQueries: Sendable {
    let rules: SDKRules.DataTransfer
    /// The app's `MaxFileProtectionLevel` (Info.plist), which caps what the policy asks for.
    let maxFileProtectionLevel: IntuneMAMFileProtectionLevel?
    let store: SDKStateStore
    let accounts: AccountMatching
    let connections: SDKAppConnections
    let log: SDKLog

    /// The managed account's policy, prepared for the app's queries (its account, `MaxFileProtectionLevel`);
    /// nil for an unmanaged account or while there is no policy.
    func appPolicy(forAccountId accountId: String?) -> MAMServicePolicy? {
        let (policy, managedId, managed) = store.read { state in
            (state.policy, state.enrolledAccountId, accounts.isManaged(accountId, in: state))
        }
        guard let policy, let managedId else { return nil }
        if managed || !rules.unmanagedIsUnrestricted { return prepared(policy, accountId: managedId) }
        guard !rules.unmanagedHasNoPolicy else { return nil }
        // An unmanaged identity has no policy at all; this one only lifts the transfer restrictions, so its file
        // and notification duties stay the managed account's.
        var relaxed = policy
        relaxed.rules.saveAsBlocked = false
        relaxed.rules.inboundSources = .allApps
        relaxed.rules.outboundDestinations = .allApps
        return prepared(relaxed, accountId: managedId)
    }

    /// `policy` with the context the queries need.
    func prepared(_ policy: MAMServicePolicy, accountId: String) -> MAMServicePolicy {
        var prepared = policy
        prepared.context = MAMPolicyContext(
            accountId: accountId, maxFileProtectionLevel: maxFileProtectionLevel,
            ignoresLocationAccount: !rules.saveToChecksAccount,
            ignoresInboundSources: !rules.openFromChecksPolicy,
            ignoresProtectionCap: !rules.protectionCapped,
            ignoresOutboundDestinations: !rules.urlsRestricted,
            capsByNumber: !rules.protectionCappedByStrength)
        return prepared
    }

    /// After a check-in replaced or dropped the policy the account held (work queue): `policy-changed`
    /// (POL-04) when it is a new version or gone, and `data-protection-changed` (POL-03) when file
    /// encryption or the protection level changed with it. A first policy posts neither (the app restarts), unless
    /// the SDK counts the encryption a first policy turns on as a change of file encryption.
    func postPolicyChanges(accountId: String, held: MAMServicePolicy?, code: IntuneMAMEnrollmentStatusCode) {
        if held == nil, code == .newPoliciesReceived, rules.firstPolicyProtectionNotified,
           let first = store.read({ $0.policy }), prepared(first, accountId: accountId).isFileEncryptionRequired {
            connections.post(IntuneMAMNotification(name: .dataProtectionDidChange, accountId: accountId))
            return
        }
        guard let held, code == .newPoliciesReceived || code == .noPolicyReceived else { return }
        let before = prepared(held, accountId: accountId)
        let after = store.read { $0.policy }.map { prepared($0, accountId: accountId) }
        if !rules.policyChangeNotified {
            log.info("policy of \(accountId) updated")
        } else {
            connections.post(IntuneMAMNotification(name: .policyDidChange, accountId: accountId))
        }
        let protectionBefore = (before.isFileEncryptionRequired, before.fileProtectionLevel)
        let protectionAfter = (after?.isFileEncryptionRequired ?? false, after?.fileProtectionLevel ?? .none)
        guard protectionBefore != protectionAfter, rules.encryptionChangeNotified else { return }
        connections.post(IntuneMAMNotification(name: .dataProtectionDidChange, accountId: accountId))
    }
}
