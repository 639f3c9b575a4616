import Foundation

/// Launch: timers, auto-enrollment (ENR-08), policy gates (ENR-09, ENR-10) and the PIN (RST-04).
extension SDKEngine {
    /// Starts the launch sequence on the work queue; `completion` gets the resulting launch state.
    func launchApp(completion: (@Sendable (IntuneMAMLaunchState) -> Void)?) {
        guard beginLaunch() else {
            log.warning("applicationDidFinishLaunching called twice; ignored")
            completion?(launchState)
            return
        }
        submit("launch", dropped: { completion?(.terminated) }) { [self] in
            runLaunch()
            completion?(launchState)
        }
    }

    private func runLaunch() {
        let settings = configuration.settings
        resumeTimers()
        if settings.autoEnrollOnLaunch && settings.mamPolicyRequired {
            autoEnrollBeforeLaunch()
        }
        guard isAlive else { return }
        let state = store.snapshot
        if let policy = state.policy, let accountId = state.enrolledAccountId {
            if policy.isPINRequired && !settings.multiIdentity,
               let blocked = runPINGate(accountId: accountId, policy: policy) {
                setLaunchState(.blocked(blocked))
                return
            }
        } else if settings.mamPolicyRequired {
            log.warning("MAMPolicyRequired and no app protection policy: launch blocked")
            platform?.didShow(.policyRequired, accountId: state.enrolledAccountId)
            setLaunchState(.blocked(.policyRequired))
            return
        } else if settings.mamPolicyWarnAbsent {
            log.info("MAMPolicyWarnAbsent and no app protection policy: warning the user")
            platform?.didShow(.policyAbsentWarning, accountId: state.enrolledAccountId)
        }
        guard isAlive else { return }
        setLaunchState(.ready)
        log.info("launch finished")
        if settings.autoEnrollOnLaunch && !settings.mamPolicyRequired {
            submit("auto-enroll") { [self] in autoEnrollSilently() }
        }
    }

    /// AutoEnrollOnLaunch alone: enroll a registered account if a token is available; without one the
    /// attempt fails silently (no prompt; reported as 203, retried in 24 h).
    private func autoEnrollSilently() {
        guard store.read({ $0.enrolledAccountId }) == nil else { return }
        for account in store.read({ $0.pendingAccounts }) {
            guard isAlive else { return }
            switch acquireToken(for: account.accountId) {
            case .success(let token):
                if enroll(account.accountId, origin: .launch(policyRequiredGate: false), token: token) { return }
            case .failure(let failure):
                enrollmentFailed(account.accountId, failure)
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
            switch acquireToken(for: candidate.accountId) {
            case .success(let token):
                enroll(candidate.accountId, origin: .launch(policyRequiredGate: true), token: token)
                return
            case .failure(let failure):
                log.info("no token for \(candidate.accountId) at launch (\(failure.reason)); asking the user to sign in")
            }
        }
        guard isAlive, let platform else { return }
        platform.didShow(.signIn, accountId: candidate?.accountId)
        guard let credentials = platform.promptSignIn(hint: candidate?.upn) else {
            log.info("the user cancelled the sign-in at launch")
            return
        }
        guard isAlive else { return }
        log.registerSecret(credentials.password)
        let grant: MAMServiceClient.TokenGrant
        switch service.passwordGrant(upn: credentials.upn, password: credentials.password) {
        case .success(let granted): grant = granted
        case .failure(let failure):
            report(.enrollment, accountId: candidate?.accountId ?? "", upn: credentials.upn, code: .authRequired,
                   didSucceed: false, reason: "sign-in failed: \(failure)")
            return
        }
        let token = cache(grant)
        let appKnowsAccount = !registerIfNeeded(grant.oid, upn: grant.upn)
        guard enroll(grant.oid, origin: .launch(policyRequiredGate: true), token: token), !appKnowsAccount,
              isAlive, let delegate = policyDelegate else { return }
        let accountId = token.accountId
        let result: IntuneMAMAddIdentityResult? = awaitApp { done in
            delegate.addAccountId(accountId, completionHandler: done)
        }
        switch result {
        case .success?: log.info("the app added \(accountId)")
        case .failed?: log.warning("the app could not add \(accountId)")
        case nil: log.warning("addAccountId did not complete in time")
        }
    }

    /// Conditional launch: PIN setup when none is stored, else PIN entry; nil when passed (RST-04).
    private func runPINGate(accountId: String, policy: MAMServicePolicy) -> IntuneMAMLaunchBlockReason? {
        guard let platform else { return .pinCanceled }
        let minimumLength = policy.minimumPinLength
        let tries = policy.maximumPinRetries
        let record = store.read { $0.pin }.flatMap { AccountIdentity.same($0.accountId, accountId) ? $0 : nil }
        if let record {
            if defect(.pinOnlyAtSetup) {
                log.info("PIN already set up; not asking for it")
                return nil
            }
            for attempt in 1...tries {
                platform.didShow(.pinEntry, accountId: accountId)
                guard let pin = platform.promptPIN(setup: false, accountId: accountId, minimumLength: minimumLength) else {
                    log.info("the user cancelled the PIN prompt")
                    return .pinCanceled
                }
                log.registerSecret(pin)
                if PINHasher.verify(pin: pin, record: record) {
                    log.info("PIN accepted")
                    return nil
                }
                log.warning("wrong PIN (attempt \(attempt) of \(tries))")
                guard isAlive else { return .pinCanceled }
            }
            return .pinRetriesExceeded
        }
        for attempt in 1...tries {
            platform.didShow(.pinSetup, accountId: accountId)
            guard let pin = platform.promptPIN(setup: true, accountId: accountId, minimumLength: minimumLength) else {
                log.info("the user cancelled the PIN setup")
                return .pinCanceled
            }
            log.registerSecret(pin)
            guard pin.count >= minimumLength else {
                log.warning("PIN shorter than \(minimumLength) characters (attempt \(attempt) of \(tries))")
                continue
            }
            let salt = PINHasher.makeSalt()
            let record = SDKState.PINRecord(accountId: accountId, salt: salt, hash: PINHasher.hash(pin: pin, salt: salt))
            store.mutate { $0.pin = record }
            log.info("PIN set up")
            return nil
        }
        return .pinRetriesExceeded
    }
}
