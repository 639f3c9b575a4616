/// App-initiated identity switches and conditional launch for the managed account (IDS-01, IDS-02, IDS-05).
///
/// It is given the identity rules, the state (the enrolled account, the policy), the identities (the UI identity and
/// the session's passed accounts), the gates of conditional launch, the work queue and the log, and the identity
/// model's answers (``identityRules``).
struct IdentitySwitchFlow: Sendable {
    let rules: SDKRules.Identity
    let store: SDKStateStore
    let identities: SDKIdentities
    let gates: LaunchGates
    let work: SDKWorkQueue
    let log: SDKLog
    /// The process identity, and which account is the managed one or another of its organisation.
    let identityRules: any LaunchIdentityRules

    /// `setUIPolicyAccountId(_:completionHandler:)`: queued on the work queue; `completion` runs there.
    func setUIIdentity(_ accountId: String?, completion: @escaping @Sendable (IntuneMAMSwitchIdentityResult) -> Void) {
        work.submit("setUIPolicyAccountId", dropped: { completion(.failed) }) { [self] in
            switchUIIdentity(to: accountId, completion: completion)
        }
    }

    /// The switch itself (work queue). To the managed account: conditional launch first, then the UI identity
    /// changes and the completion gets success (IDS-05); cancel → canceled, identity unchanged. To another
    /// account of the organisation while one is managed → not-allowed (IDS-01). To nil (the process
    /// identity), "" or an unmanaged account → success without policy (IDS-02).
    func switchUIIdentity(to requested: String?, completion: (IntuneMAMSwitchIdentityResult) -> Void) {
        var target = requested
        if requested == "", !rules.emptyIdentityIsUnmanaged, let managed = store.read({ $0.enrolledAccountId }) {
            log.info("setUIPolicyAccountId(\"\"): using the primary account")
            target = managed
        }
        let decisive = target ?? identityRules.processIdentity
        if let managed = identityRules.managedAccount(matching: decisive) {
            if !rules.switchWaitsForConditionalLaunch {
                identities.setUI(target)
                completion(.success)
                _ = conditionalLaunch(for: managed)
                return
            }
            let result = conditionalLaunch(for: managed)
            if result == .success { identities.setUI(target) }
            log.info("UI identity switch to the managed account: \(result)")
            completion(result)
            return
        }
        if let decisive, !decisive.isEmpty, identityRules.isOtherAccountOfOrganisation(decisive),
           rules.refusesSecondOrganizationAccount {
            log.warning("UI identity switch to \(decisive) not allowed: another account of the organisation is managed")
            completion(.notAllowed)
            return
        }
        identities.setUI(target)
        log.info("UI identity is now \(target.map { $0.isEmpty ? "unmanaged (\"\")" : $0 } ?? "the process identity")")
        completion(.success)
    }

    /// Conditional launch for the managed account (work queue): the PIN, unless the account already passed
    /// in this foreground session or its policy requires none.
    func conditionalLaunch(for accountId: String) -> IntuneMAMSwitchIdentityResult {
        if identities.hasPassedConditionalLaunch(accountId) { return .success }
        let policy = store.read { $0.policy }
        if let policy {
            if gates.offline.check(accountId: accountId, policy: policy) != nil { return .failed }
            if gates.device.check(accountId: accountId, policy: policy) != nil { return .failed }
            if gates.credentials.check(accountId: accountId, policy: policy) != nil { return .canceled }
        }
        guard let policy, policy.isPINRequired else {
            identities.markPassedConditionalLaunch(accountId)
            return .success
        }
        switch gates.pin.check(accountId: accountId, policy: policy) {
        case nil:
            identities.markPassedConditionalLaunch(accountId)
            return .success
        case .pinCanceled?:
            return .canceled
        case .pinRetriesExceeded?, .policyRequired?, .jailbroken?, .signInCanceled?, .offline?:
            return .failed
        }
    }
}
