import Foundation

/// Auto-enrollment at launch (ENR-08): silently after the launch with `AutoEnrollOnLaunch` alone, or before it with
/// `MAMPolicyRequired` too, where the SDK signs the user in itself when the app has no token.
extension LaunchFlow {
    /// AutoEnrollOnLaunch alone: enroll a registered account if a token is available; without one the
    /// attempt fails silently (no prompt; reported as 203, retried in 24 h).
    func autoEnrollSilently(_ candidates: [SDKState.RegisteredAccount]) {
        guard store.read({ $0.enrolledAccountId }) == nil else { return }
        for account in candidates {
            guard connections.isAlive else { return }
            switch tokens.acquireToken(for: account.accountId) {
            case .success(let token):
                if enrollment.enroll(account.accountId, origin: .launch(policyRequiredGate: false), token: token) { return }
            case .failure(let failure):
                if !rules.autoEnrollAloneStaysSilent,
                   signInAndEnrollAtLaunch(candidate: account, policyRequiredGate: false) {
                    return
                }
                enrollment.enrollmentFailed(account.accountId, failure)
            }
        }
    }

    /// AutoEnrollOnLaunch + MAMPolicyRequired: launch waits until an account is enrolled. Uses the app's
    /// token for a registered account, else signs the user in itself, enrolls, checks in (no restart),
    /// and asks the app to add an account it did not know (`addAccountId`).
    func autoEnrollBeforeLaunch() {
        guard store.read({ $0.enrolledAccountId }) == nil else { return }
        let candidate = store.read { $0.pendingAccounts.first }
        if let candidate {
            switch tokens.acquireToken(for: candidate.accountId) {
            case .success(let token):
                enrollment.enroll(candidate.accountId, origin: .launch(policyRequiredGate: true), token: token)
                return
            case .failure(let failure):
                log.info("no token for \(candidate.accountId) at launch (\(failure.reason)); asking the user to sign in")
            }
        }
        signInAndEnrollAtLaunch(candidate: candidate, policyRequiredGate: true)
    }

    /// The SDK's own sign-in at launch: prompt (hint = the candidate's UPN), password grant, register,
    /// enroll, then `addAccountId` when the app did not know the account. False when the user cancelled.
    @discardableResult
    private func signInAndEnrollAtLaunch(candidate: SDKState.RegisteredAccount?, policyRequiredGate: Bool) -> Bool {
        guard connections.isAlive, let platform = connections.platform else { return false }
        platform.didShow(.signIn, accountId: candidate?.accountId)
        guard let credentials = platform.promptSignIn(hint: candidate?.upn) else {
            log.info("the user cancelled the sign-in at launch")
            return false
        }
        guard connections.isAlive else { return true }
        log.registerSecret(credentials.password)
        let grant: MAMServiceClient.TokenGrant
        switch service.passwordGrant(upn: credentials.upn, password: credentials.password, as: signIn.registration) {
        case .success(let granted): grant = granted
        case .failure(let failure):
            reporter.report(.enrollment, accountId: candidate?.accountId ?? "", upn: credentials.upn, code: .authRequired,
                            didSucceed: false, reason: "sign-in failed: \(failure)")
            return true
        }
        let token = tokens.cache(grant)
        let appKnowsAccount = !enrollment.registerIfNeeded(grant.oid, upn: grant.upn)
        guard enrollment.enroll(grant.oid, origin: .launch(policyRequiredGate: policyRequiredGate), token: token), !appKnowsAccount,
              connections.isAlive, let delegate = connections.policyDelegate else { return true }
        let accountId = token.accountId
        let result: IntuneMAMAddIdentityResult? = appWait.callAndWait { done in
            delegate.addAccountId(accountId, completionHandler: done)
        }
        switch result {
        case .success?: log.info("the app added \(accountId)")
        case .failed?: log.warning("the app could not add \(accountId)")
        case nil: log.warning("addAccountId did not complete in time")
        }
        return true
    }
}
