import Foundation

/// The PIN gate of conditional launch (RST-04): Face ID where the policy allows it (CL-05), the online recheck
/// period at a cold launch (CL-03), and what happens when the PIN attempts are used up: a sign-in and a new PIN
/// (CL-05), or a wipe of the account (CL-06).
///
/// It is given the conditional-launch, restart and conditional-wipe rules, the state (the PIN record), the app
/// connections (the prompts), the access recheck, the credentials gate (the sign-in that resets a PIN) and the log.
/// The wipe it may end in is the unenroll side's (``wipes``).
struct PINGate: Sendable {
    let rules: SDKRules.ConditionalLaunch
    let restartRules: SDKRules.Restart
    let wipeRules: SDKRules.ConditionalWipe
    let store: SDKStateStore
    let connections: SDKAppConnections
    let recheck: AccessRecheck
    let credentials: CredentialsGate
    let log: SDKLog
    /// The wipe when the policy's action for used-up PIN attempts is `wipe`.
    let wipes: any ConditionalLaunchWipes

    /// Conditional launch: PIN setup when none is stored, else PIN entry; nil when passed (RST-04). At a cold launch
    /// (`atLaunch`) the PIN is asked every time, or, where launch and resume share the online recheck period
    /// (000:622), only once it has passed.
    func check(accountId: String, policy: MAMServicePolicy, atLaunch: Bool = false) -> IntuneMAMLaunchBlockReason? {
        guard let platform = connections.platform else { return .pinCanceled }
        if wipes.finishConditionalWipe(of: accountId) { return .pinRetriesExceeded }
        let minimumLength = rules.pinLengthFromPolicy ? policy.minimumPinLength : MAMServicePolicy.defaultMinimumPinLength
        let tries = policy.maximumPinRetries
        let record = store.read { $0.pin }.flatMap { AccountIdentity.same($0.accountId, accountId) ? $0 : nil }
        guard let record else { return setUpPIN(accountId: accountId, tries: tries, minimumLength: minimumLength, platform: platform) }
        guard restartRules.pinAtEveryLaunch else {
            log.info("PIN already set up; not asking for it")
            return nil
        }
        if atLaunch, rules.launchAccessRecheck == .afterPeriod, recheck.withinRecheckPeriod(policy) {
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
                recheck.passed()
                return nil
            }
            log.warning("wrong PIN (attempt \(attempt) of \(tries))")
            guard connections.isAlive else { return .pinCanceled }
        }
        return attemptsUsedUp(accountId: accountId, policy: policy)
    }

    /// No PIN stored for the account: the user sets one up, of at least `minimumLength` characters, in `tries`.
    private func setUpPIN(accountId: String, tries: Int, minimumLength: Int,
                          platform: any IntuneMAMPlatform) -> IntuneMAMLaunchBlockReason? {
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
            recheck.passed()
            return nil
        }
        return .pinRetriesExceeded
    }

    /// The PIN attempts are used up: the policy's action decides, a wipe of the account (CL-06) or the block that a
    /// sign-in and a new PIN lift (CL-05).
    private func attemptsUsedUp(accountId: String, policy: MAMServicePolicy) -> IntuneMAMLaunchBlockReason? {
        guard policy.wipesAfterMaximumPinRetries, wipeRules.pinLimitWipes else {
            return resetAfterTooManyTries(accountId: accountId, policy: policy)
        }
        wipes.conditionalWipe(of: accountId, reason: "PIN attempts used up")
        return .pinRetriesExceeded
    }

    /// The PIN attempts are used up (CL-05): the user proves who they are by signing in again, then sets a new PIN;
    /// without that sign-in the data stays blocked.
    private func resetAfterTooManyTries(accountId: String, policy: MAMServicePolicy) -> IntuneMAMLaunchBlockReason? {
        guard rules.pinLimitOffersSignIn else { return .pinRetriesExceeded }
        log.warning("PIN attempts used up: the user must sign in again to reset the PIN")
        guard credentials.reauthenticate(accountId) == .signedIn else { return .pinRetriesExceeded }
        guard rules.pinResetAsksNewPin else {
            log.info("signed in again; keeping the PIN")
            recheck.passed()
            return nil
        }
        store.mutate { $0.pin = nil }
        log.info("signed in again: the PIN is reset")
        return check(accountId: accountId, policy: policy)
    }

    /// CL-05: where the policy allows Face ID and the device has it enrolled, the SDK offers it before the PIN; a
    /// recognised face passes the access check, anything else falls back to the PIN.
    private func faceIDPassed(accountId: String, policy: MAMServicePolicy, platform: any IntuneMAMPlatform) -> Bool {
        let offered = switch rules.faceID {
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
        recheck.passed()
        return true
    }
}
