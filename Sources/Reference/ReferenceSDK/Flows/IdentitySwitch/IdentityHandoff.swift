/// SDK-initiated identity switches (IDS-06): a URL or document owned by another identity, and cancelling
/// conditional launch when the app returns to the foreground (`IdentityHandoff+Resume.swift`).
///
/// It is given the identity and conditional-launch rules, the state (the policy), the identities, the launch's
/// progress, the gates, the identity switch it ends in, the app connections (the policy delegate it asks), how long
/// to wait for the app, the work queue and the log, and the identity model's answers (``identityRules``).
struct IdentityHandoff: Sendable {
    let rules: SDKRules.Identity
    let conditionalLaunchRules: SDKRules.ConditionalLaunch
    let store: SDKStateStore
    let identities: SDKIdentities
    let launch: LaunchProgress
    let gates: LaunchGates
    let switches: IdentitySwitchFlow
    let connections: SDKAppConnections
    let appWait: SDKAppWait
    let work: SDKWorkQueue
    let log: SDKLog
    /// The UI identity, whether the app is a multi-identity one, and how the identity layer matches accounts.
    let identityRules: any LaunchIdentityRules

    /// The operating system hands the app an item owned by `owner` ("" = unmanaged). Queued on the work
    /// queue; `completion` runs there.
    func handOff(ownedBy owner: String, reason: IntuneMAMIdentitySwitchReason,
                 completion: @escaping @Sendable (IntuneMAMOpenOutcome) -> Void) {
        work.submit("hand-off (\(reason))", dropped: { completion(IntuneMAMOpenOutcome(opened: false, switched: false)) }) {
            [self] in completion(performHandOff(ownedBy: owner, reason: reason))
        }
    }

    /// Same identity as the UI → the item opens. Otherwise the SDK asks the app to switch
    /// (`identitySwitchRequiredForAccountId`); on success it switches the UI identity itself (running
    /// conditional launch for the managed account), on failure the item does not open. An account the app
    /// may not switch to (IDS-01) is refused without asking.
    private func performHandOff(ownedBy owner: String, reason: IntuneMAMIdentitySwitchReason) -> IntuneMAMOpenOutcome {
        let refused = IntuneMAMOpenOutcome(opened: false, switched: false)
        if identityRules.sameAccount(identityRules.uiIdentity, owner) { return IntuneMAMOpenOutcome(opened: true, switched: false) }
        if !owner.isEmpty, identityRules.managedAccount(matching: owner) == nil, identityRules.isOtherAccountOfOrganisation(owner),
           rules.refusesSecondOrganizationAccount {
            log.warning("an item of \(owner) cannot open: another account of the organisation is managed")
            return refused
        }
        if !rules.handOffAsksApp {
            log.info("switching to the owner of the item (\(reason)) without asking the app")
        } else {
            guard askToSwitch(to: owner, reason: reason) == .success else {
                log.info("the app declined the identity switch (\(reason)); the item is not opened")
                return refused
            }
        }
        var result = IntuneMAMSwitchIdentityResult.failed
        switches.switchUIIdentity(to: owner) { result = $0 }
        return result == .success ? IntuneMAMOpenOutcome(opened: true, switched: true) : refused
    }

    /// Calls the policy delegate's `identitySwitchRequiredForAccountId` and waits for its completion
    /// (bounded by the delegate timeout; no delegate or no answer = failed).
    func askToSwitch(to accountId: String, reason: IntuneMAMIdentitySwitchReason) -> IntuneMAMSwitchIdentityResult {
        guard let delegate = connections.policyDelegate else { return .failed }
        let answer: IntuneMAMSwitchIdentityResult? = appWait.callAndWait { done in
            delegate.identitySwitchRequired(forAccountId: accountId, reason: reason, completionHandler: done)
        }
        guard connections.isAlive else { return .failed }
        if answer == nil { log.warning("identitySwitchRequiredForAccountId did not complete in time") }
        return answer ?? .failed
    }
}
