import Foundation

/// Launch: timers, auto-enrollment (ENR-08), policy gates (ENR-09, ENR-10) and the PIN (RST-04, in
/// `SDKEngine+PIN.swift`).
extension SDKEngine {
    /// Starts the launch sequence on the work queue; `completion` gets the resulting launch state.
    func launchApp(completion: (@Sendable (IntuneMAMLaunchState) -> Void)?) {
        guard launch.begin() else {
            log.warning("applicationDidFinishLaunching called twice; ignored")
            completion?(launchState)
            return
        }
        // Auto-enrollment at launch concerns the accounts registered before launch; an account the app
        // registers while launch runs enrolls through its own registration, once (no second attempt racing it).
        let registeredBeforeLaunch = store.read { $0.pendingAccounts }
        submit("launch", dropped: { completion?(.terminated) }) { [self] in
            runLaunch(registeredBeforeLaunch)
            completion?(launchState)
        }
    }

    private func runLaunch(_ registeredBeforeLaunch: [SDKState.RegisteredAccount]) {
        let settings = configuration.settings
        carryOverFromPreviousBuild()
        if store.previousInstall?.policyJSON != nil, !rules.reinstall.restartOnlyForOwnPolicy {
            log.info("the keychain holds a policy: restarting to apply it")
            requestRestart()
            guard isAlive else { return }
        }
        managedConfig.readManagedAppConfig(.launch)
        resumeTimers()
        if settings.autoEnrollOnLaunch && settings.mamPolicyRequired {
            autoEnrollBeforeLaunch()
        }
        guard isAlive else { return }
        let state = store.snapshot
        if let policy = state.policy, let accountId = state.enrolledAccountId {
            if !isMultiIdentityApp, let blocked = offlineGate(accountId: accountId, policy: policy)
                ?? deviceGate(accountId: accountId, policy: policy)
                ?? credentialsGate(accountId: accountId, policy: policy) {
                launch.set(.blocked(blocked))
                return
            }
            if policy.isPINRequired && !isMultiIdentityApp,
               let blocked = runPINGate(accountId: accountId, policy: policy, atLaunch: true) {
                launch.set(.blocked(blocked))
                return
            }
            launchPassedConditionalLaunch(accountId)
        } else if settings.mamPolicyRequired && rules.enrollment.policyRequiredBlocksLaunch {
            log.warning("MAMPolicyRequired and no app protection policy: launch blocked")
            platform?.didShow(.policyRequired, accountId: state.enrolledAccountId)
            launch.set(.blocked(.policyRequired))
            return
        } else if settings.mamPolicyWarnAbsent && rules.enrollment.absentPolicyWarned {
            log.info("MAMPolicyWarnAbsent and no app protection policy: warning the user")
            platform?.didShow(.policyAbsentWarning, accountId: state.enrolledAccountId)
        }
        guard isAlive else { return }
        launch.set(.ready)
        log.info("launch finished")
        if settings.autoEnrollOnLaunch && !settings.mamPolicyRequired {
            submit("auto-enroll") { [self] in autoEnrollSilently(registeredBeforeLaunch) }
        }
    }

    /// AutoEnrollOnLaunch alone: enroll a registered account if a token is available; without one the
    /// attempt fails silently (no prompt; reported as 203, retried in 24 h).
    private func autoEnrollSilently(_ candidates: [SDKState.RegisteredAccount]) {
        guard store.read({ $0.enrolledAccountId }) == nil else { return }
        for account in candidates {
            guard isAlive else { return }
            switch tokens.acquireToken(for: account.accountId) {
            case .success(let token):
                if enrollment.enroll(account.accountId, origin: .launch(policyRequiredGate: false), token: token) { return }
            case .failure(let failure):
                if !rules.enrollment.autoEnrollAloneStaysSilent,
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
    private func autoEnrollBeforeLaunch() {
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
        guard isAlive, let platform else { return false }
        platform.didShow(.signIn, accountId: candidate?.accountId)
        guard let credentials = platform.promptSignIn(hint: candidate?.upn) else {
            log.info("the user cancelled the sign-in at launch")
            return false
        }
        guard isAlive else { return true }
        log.registerSecret(credentials.password)
        let grant: MAMServiceClient.TokenGrant
        switch service.passwordGrant(upn: credentials.upn, password: credentials.password, as: signIn.registration) {
        case .success(let granted): grant = granted
        case .failure(let failure):
            report(.enrollment, accountId: candidate?.accountId ?? "", upn: credentials.upn, code: .authRequired,
                   didSucceed: false, reason: "sign-in failed: \(failure)")
            return true
        }
        let token = tokens.cache(grant)
        let appKnowsAccount = !enrollment.registerIfNeeded(grant.oid, upn: grant.upn)
        guard enrollment.enroll(grant.oid, origin: .launch(policyRequiredGate: policyRequiredGate), token: token), !appKnowsAccount,
              isAlive, let delegate = policyDelegate else { return true }
        let accountId = token.accountId
        let result: IntuneMAMAddIdentityResult? = awaitApp { done in
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
