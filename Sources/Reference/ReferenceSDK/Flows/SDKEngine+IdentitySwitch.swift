/// App-initiated identity switches and conditional launch for the managed account (IDS-01, IDS-02, IDS-05).
extension SDKEngine {
    /// `setUIPolicyAccountId(_:completionHandler:)`: queued on the work queue; `completion` runs there.
    func setUIIdentity(_ accountId: String?, completion: @escaping @Sendable (IntuneMAMSwitchIdentityResult) -> Void) {
        submit("setUIPolicyAccountId", dropped: { completion(.failed) }) { [self] in
            switchUIIdentity(to: accountId, completion: completion)
        }
    }

    /// The switch itself (work queue). To the managed account: conditional launch first, then the UI identity
    /// changes and the completion gets success (IDS-05); cancel → canceled, identity unchanged. To another
    /// account of the organisation while one is managed → not-allowed (IDS-01). To nil (the process
    /// identity), "" or an unmanaged account → success without policy (IDS-02).
    func switchUIIdentity(to requested: String?, completion: (IntuneMAMSwitchIdentityResult) -> Void) {
        var target = requested
        if requested == "", !rules.identity.emptyIdentityIsUnmanaged, let managed = store.read({ $0.enrolledAccountId }) {
            log.info("setUIPolicyAccountId(\"\"): using the primary account")
            target = managed
        }
        let decisive = target ?? processIdentity
        if let managed = managedAccount(matching: decisive) {
            if !rules.identity.switchWaitsForConditionalLaunch {
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
        if let decisive, !decisive.isEmpty, isOtherAccountOfOrganisation(decisive),
           rules.identity.refusesSecondOrganizationAccount {
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
            if offlineGate(accountId: accountId, policy: policy) != nil { return .failed }
            if deviceGate(accountId: accountId, policy: policy) != nil { return .failed }
            if credentialsGate(accountId: accountId, policy: policy) != nil { return .canceled }
        }
        guard let policy, policy.isPINRequired else {
            identities.markPassedConditionalLaunch(accountId)
            return .success
        }
        switch runPINGate(accountId: accountId, policy: policy) {
        case nil:
            identities.markPassedConditionalLaunch(accountId)
            return .success
        case .pinCanceled?:
            return .canceled
        case .pinRetriesExceeded?, .policyRequired?, .jailbroken?, .signInCanceled?, .offline?:
            return .failed
        }
    }

    /// Launch passed the PIN gate for a single-identity app: the account needs no PIN again this session.
    func launchPassedConditionalLaunch(_ accountId: String) {
        guard !isMultiIdentityApp else { return }
        identities.markPassedConditionalLaunch(accountId)
    }
}
