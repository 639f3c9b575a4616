import Foundation

/// The PIN gate of conditional launch (RST-04) and its online recheck period (CL-03).
extension SDKEngine {
    /// The user just proved access (PIN or sign-in): the recheck period starts now.
    func accessCheckPassed() {
        let now = clock.now
        store.mutate { $0.lastAccessCheckAt = now }
    }

    /// The PIN attempts are used up: the policy's action decides, a wipe of the account (CL-06) or the block that a
    /// sign-in and a new PIN lift (CL-05).
    private func pinAttemptsUsedUp(accountId: String, policy: MAMServicePolicy) -> IntuneMAMLaunchBlockReason? {
        guard policy.wipesAfterMaximumPinRetries, rules.conditionalWipe.pinLimitWipes else {
            return resetPINAfterTooManyTries(accountId: accountId, policy: policy)
        }
        conditionalWipe(of: accountId, reason: "PIN attempts used up")
        return .pinRetriesExceeded
    }

    /// The PIN attempts are used up (CL-05): the user proves who they are by signing in again, then sets a new PIN;
    /// without that sign-in the data stays blocked.
    private func resetPINAfterTooManyTries(accountId: String, policy: MAMServicePolicy) -> IntuneMAMLaunchBlockReason? {
        guard rules.conditionalLaunch.pinLimitOffersSignIn else { return .pinRetriesExceeded }
        log.warning("PIN attempts used up: the user must sign in again to reset the PIN")
        guard reauthenticate(accountId) == .signedIn else { return .pinRetriesExceeded }
        guard rules.conditionalLaunch.pinResetAsksNewPin else {
            log.info("signed in again; keeping the PIN")
            accessCheckPassed()
            return nil
        }
        store.mutate { $0.pin = nil }
        log.info("signed in again: the PIN is reset")
        return runPINGate(accountId: accountId, policy: policy)
    }

    /// True when the app comes back to the foreground within the policy's online recheck period after the last
    /// passed access check, so the PIN is not asked again (CL-03).
    func withinRecheckPeriod(_ policy: MAMServicePolicy) -> Bool {
        switch rules.conditionalLaunch.accessRecheck {
        case .never: return true
        case .everyResume: return false
        case .afterPeriod: break
        }
        guard let last = store.read({ $0.lastAccessCheckAt }) else { return false }
        return clock.now.timeIntervalSince(last) < policy.onlineRecheckPeriod
    }

    /// CL-05: where the policy allows Face ID and the device has it enrolled, the SDK offers it before the PIN; a
    /// recognised face passes the access check, anything else falls back to the PIN.
    private func faceIDPassed(accountId: String, policy: MAMServicePolicy, platform: any IntuneMAMPlatform) -> Bool {
        let offered = switch rules.conditionalLaunch.faceID {
        case .whenPolicyAllows: policy.isFaceIDAllowed
        case .never: false
        case .always: true
        }
        guard offered, platform.isFaceIDEnrolled else { return false }
        platform.didShow(.faceID, accountId: accountId)
        guard platform.promptFaceID(accountId: accountId) else {
            log.info("Face ID did not recognise the user; asking for the PIN")
            return false
        }
        log.info("Face ID accepted")
        accessCheckPassed()
        return true
    }

    /// Conditional launch: PIN setup when none is stored, else PIN entry; nil when passed (RST-04). At a cold launch
    /// (`atLaunch`) the PIN is asked every time, or, where launch and resume share the online recheck period
    /// (000:622), only once it has passed.
    func runPINGate(accountId: String, policy: MAMServicePolicy, atLaunch: Bool = false) -> IntuneMAMLaunchBlockReason? {
        guard let platform else { return .pinCanceled }
        if finishConditionalWipe(of: accountId) { return .pinRetriesExceeded }
        let minimumLength = rules.conditionalLaunch.pinLengthFromPolicy
            ? policy.minimumPinLength : MAMServicePolicy.defaultMinimumPinLength
        let tries = policy.maximumPinRetries
        let record = store.read { $0.pin }.flatMap { AccountIdentity.same($0.accountId, accountId) ? $0 : nil }
        if let record {
            guard rules.restart.pinAtEveryLaunch else {
                log.info("PIN already set up; not asking for it")
                return nil
            }
            if atLaunch, rules.conditionalLaunch.launchAccessRecheck == .afterPeriod, withinRecheckPeriod(policy) {
                log.info("launched within the access recheck period: no PIN")
                return nil
            }
            if faceIDPassed(accountId: accountId, policy: policy, platform: platform) { return nil }
            for attempt in 1...tries {
                platform.didShow(.pinEntry, accountId: accountId)
                guard let pin = platform.promptPIN(setup: false, accountId: accountId, minimumLength: minimumLength) else {
                    log.info("the user cancelled the PIN prompt")
                    return .pinCanceled
                }
                log.registerSecret(pin)
                if PINHasher.verify(pin: pin, record: record) {
                    log.info("PIN accepted")
                    accessCheckPassed()
                    return nil
                }
                log.warning("wrong PIN (attempt \(attempt) of \(tries))")
                guard isAlive else { return .pinCanceled }
            }
            return pinAttemptsUsedUp(accountId: accountId, policy: policy)
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
            accessCheckPassed()
            return nil
        }
        return .pinRetriesExceeded
    }
}
