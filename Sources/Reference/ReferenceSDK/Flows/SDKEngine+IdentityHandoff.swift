/// SDK-initiated identity switches (IDS-06): a URL or document owned by another identity, and cancelling
/// conditional launch when the app returns to the foreground.
extension SDKEngine {
    /// The operating system hands the app an item owned by `owner` ("" = unmanaged). Queued on the work
    /// queue; `completion` runs there.
    func handOff(ownedBy owner: String, reason: IntuneMAMIdentitySwitchReason,
                 completion: @escaping @Sendable (IntuneMAMOpenOutcome) -> Void) {
        submit("hand-off (\(reason))", dropped: { completion(IntuneMAMOpenOutcome(opened: false, switched: false)) }) {
            [self] in completion(performHandOff(ownedBy: owner, reason: reason))
        }
    }

    /// Same identity as the UI → the item opens. Otherwise the SDK asks the app to switch
    /// (`identitySwitchRequiredForAccountId`); on success it switches the UI identity itself (running
    /// conditional launch for the managed account), on failure the item does not open. An account the app
    /// may not switch to (IDS-01) is refused without asking.
    private func performHandOff(ownedBy owner: String, reason: IntuneMAMIdentitySwitchReason) -> IntuneMAMOpenOutcome {
        let refused = IntuneMAMOpenOutcome(opened: false, switched: false)
        if sameAccount(uiIdentity, owner) { return IntuneMAMOpenOutcome(opened: true, switched: false) }
        if !owner.isEmpty, managedAccount(matching: owner) == nil, isOtherAccountOfOrganisation(owner),
           rules.identity.refusesSecondOrganizationAccount {
            log.warning("an item of \(owner) cannot open: another account of the organisation is managed")
            return refused
        }
        if !rules.identity.handOffAsksApp {
            log.info("switching to the owner of the item (\(reason)) without asking the app")
        } else {
            guard askToSwitch(to: owner, reason: reason) == .success else {
                log.info("the app declined the identity switch (\(reason)); the item is not opened")
                return refused
            }
        }
        var result = IntuneMAMSwitchIdentityResult.failed
        switchUIIdentity(to: owner) { result = $0 }
        return result == .success ? IntuneMAMOpenOutcome(opened: true, switched: true) : refused
    }

    /// Calls the policy delegate's `identitySwitchRequiredForAccountId` and waits for its completion
    /// (bounded by the delegate timeout; no delegate or no answer = failed).
    func askToSwitch(to accountId: String, reason: IntuneMAMIdentitySwitchReason) -> IntuneMAMSwitchIdentityResult {
        guard let delegate = policyDelegate else { return .failed }
        let answer: IntuneMAMSwitchIdentityResult? = awaitApp { done in
            delegate.identitySwitchRequired(forAccountId: accountId, reason: reason, completionHandler: done)
        }
        guard isAlive else { return .failed }
        if answer == nil { log.warning("identitySwitchRequiredForAccountId did not complete in time") }
        return answer ?? .failed
    }

    /// The app returns to the foreground: a new session, and conditional launch again for a managed UI
    /// identity. A cancelled PIN makes a multi-identity app's SDK ask for a switch to "" (reason
    /// cancel-conditional-launch); a single-identity app, or a refused switch, stays blocked.
    func resume(completion: @escaping @Sendable (IntuneMAMLaunchState) -> Void) {
        submit("resume", dropped: { completion(.terminated) }) { [self] in
            identities.startSession()
            if !liftOfflineBlock() {
                completion(launchState)
                return
            }
            guard launchState == .ready, let managed = managedAccount(matching: uiIdentity) else {
                completion(launchState)
                return
            }
            let policy = store.read { $0.policy }
            if let policy, let blocked = (rules.conditionalLaunch.offlineCheckedAtResume ? offlineGate(accountId: managed, policy: policy) : nil)
                ?? deviceGate(accountId: managed, policy: policy) {
                launch.set(.blocked(blocked))
                completion(launchState)
                return
            }
            if let policy, policy.isPINRequired || policy.organizationalCredentialsRequired, withinRecheckPeriod(policy) {
                log.info("back within the access recheck period: no PIN")
                identities.markPassedConditionalLaunch(managed)
                completion(launchState)
                return
            }
            switch conditionalLaunch(for: managed) {
            case .success:
                break
            case .canceled where isMultiIdentityApp:
                if askToSwitch(to: "", reason: .cancelConditionalLaunch) == .success {
                    identities.setUI("")
                    log.info("conditional launch cancelled; the app switched to an unmanaged identity")
                } else {
                    launch.set(.blocked(.pinCanceled))
                }
            case .canceled:
                launch.set(.blocked(.pinCanceled))
            case .failed, .notAllowed:
                launch.set(.blocked(.pinRetriesExceeded))
            }
            completion(launchState)
        }
    }

    /// A launch blocked for being offline too long (CL-04) is lifted at the next foreground once a check-in gets
    /// an answer; false while it still holds. True when there was no such block.
    private func liftOfflineBlock() -> Bool {
        guard case .blocked(.offline) = launchState else { return true }
        guard let managed = managedAccount(matching: uiIdentity), let policy = store.read({ $0.policy }) else {
            launch.set(.ready)
            return true
        }
        guard offlineGate(accountId: managed, policy: policy) == nil else { return false }
        log.info("the service answered again: the offline block is lifted")
        launch.set(.ready)
        return true
    }
}
