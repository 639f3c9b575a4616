import Foundation
import Locking

/// Registration and enrollment (ENR-01…04, ENR-07, ENR-11, ENR-12, ENR-13), and the 24-hour enrollment retry
/// (`EnrollmentFlow+Retry.swift`).
///
/// It is given what an enrollment touches: its rules (enrollment, retries, status codes), the state, how accounts
/// are matched, the service client and the tokens, the status reporter, the managed configuration (the
/// allowed-accounts and MDM refusals, the device's user), telemetry, the app connections, the work queue and the
/// timers, the sign-in registration, how long to wait for the app, the clock, and the accounts deregistered in this
/// process. The first check-in after an
/// enrollment belongs to the check-in flow, which (through the unenroll it may end in) calls back into the retry:
/// it is reached through ``followUp``, a link the engine binds once both exist.
struct EnrollmentFlow: Sendable {
    let rules: SDKRules.Enrollment
    let retryRules: SDKRules.Retries
    let statusRules: SDKRules.Status
    let store: SDKStateStore
    /// How accounts are matched: a registration or an enrollment compares account IDs at the API boundary (ENR-12).
    let accounts: AccountMatching
    let service: MAMServiceClient
    let tokens: TokenSource
    let reporter: SDKStatusReporter
    let managedConfig: ManagedConfigFlow
    let telemetry: TelemetryFlow
    let connections: SDKAppConnections
    let work: SDKWorkQueue
    let timers: SDKTimers
    let signIn: SDKSignIn
    let appWait: SDKAppWait
    let clock: any MAMClock
    let log: SDKLog
    /// The accounts (lower-cased) deregistered since this process started: kept per process, not in the state
    /// file, because the `reRegistrationIgnoredUntilRelaunch` defect (ENR-19) forgets them at a relaunch.
    let deregisteredInProcess: Locked<Set<String>>
    /// What follows a successful enrollment: its first check-in.
    let followUp: SDKFlowLink<any EnrollmentFollowUp>

    /// `registerAndEnrollAccountId`: registers at once, enrolls on the work queue.
    func registerAndEnroll(_ accountId: String) {
        guard connections.isAlive else { return }
        let trimmed = accountId.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            work.submit("enroll (nil account)") { [self] in
                reporter.report(.enrollment, accountId: accountId, upn: "", code: .nilAccount, didSucceed: false,
                       reason: "an empty account ID was passed")
            }
            return
        }
        if !rules.deregisteredAccountRegistersAgain,
           deregisteredInProcess.read({ $0.contains(trimmed.lowercased()) }) {
            log.warning("registerAndEnrollAccountId: \(trimmed) was deregistered in this process; call ignored")
            return
        }
        let registered = store.mutate { state -> String? in
            if let existing = state.registeredAccounts.first(where: { accounts.sameIdentity($0.accountId, trimmed) }) {
                return existing.accountId
            }
            state.registeredAccounts.append(SDKState.RegisteredAccount(accountId: trimmed, upn: nil))
            return nil
        }
        if let registered {
            switch rules.reRegistrationInOtherCasing {
            case .ignored:
                log.warning("registerAndEnrollAccountId: \(trimmed) is already registered; call ignored")
            case .startsNewRequest:
                log.info("registerAndEnrollAccountId: \(trimmed) is registered as \(registered); a new request starts")
                work.submit("enroll \(registered) again") { [self] in renewEnrollment(registered) }
            }
            return
        }
        guard rules.enrollsAtRegistration else {
            log.info("registered \(trimmed); it enrolls with the next retry")
            work.submit("schedule the enrollment of \(trimmed)") { [self] in scheduleRetryIfNeeded() }
            return
        }
        log.info("registered \(trimmed); enrolling")
        if !rules.registrationReturnsAtOnce, !work.isOnQueue {
            let done = Latch<Void>()
            work.submit("enroll \(trimmed)", dropped: { done.fulfil(()) }) { [self] in
                enroll(trimmed, origin: .registration)
                done.fulfil(())
            }
            _ = done.wait(until: Date(timeIntervalSinceNow: appWait.timeout))
            return
        }
        work.submit("enroll \(trimmed)") { [self] in enroll(trimmed, origin: .registration) }
    }

    /// `loginAndEnrollAccount`: uses the SDK's own token for `hint` when it has one, otherwise prompts. Without a
    /// UPN it signs in the device's managed user when the device has one, else asks who signs in (ENR-07).
    func loginAndEnroll(hint given: String?) {
        work.submit("login and enroll") { [self] in
            let hint = given ?? (rules.loginTakesDeviceUser ? managedConfig.deviceManagedUserUPN : nil)
            if rules.loginUsesHeldToken, let hint, let cached = store.read({ state in
                state.tokenCache.first { AccountIdentity.same($0.upn, hint) }
            }), let token = tokens.cachedToken(for: cached.accountId) {
                registerIfNeeded(token.accountId, upn: token.upn)
                enroll(token.accountId, origin: .login, token: token)
                return
            }
            guard rules.loginPromptsWithoutToken else {
                reporter.report(.enrollment, accountId: "", upn: hint ?? "", code: .authRequired, didSucceed: false,
                       reason: "no token for the account")
                return
            }
            guard let platform = connections.platform else { return }
            platform.didShow(.signIn, accountId: nil)
            if hint == nil && !rules.loginPromptsWithoutUPN {
                reporter.report(.enrollment, accountId: "", upn: "", code: .loginCanceled, didSucceed: false,
                       reason: "no account named to sign in")
                return
            }
            var answer = platform.promptSignIn(hint: rules.loginPassesHint ? hint : nil)
            var shown = 1
            while answer == nil, shown < rules.loginPromptsPerRequest, connections.isAlive {
                platform.didShow(.signIn, accountId: nil)
                answer = platform.promptSignIn(hint: rules.loginPassesHint ? hint : nil)
                shown += 1
            }
            guard let credentials = answer else {
                reporter.report(.enrollment, accountId: "", upn: hint ?? "", code: .loginCanceled, didSucceed: false,
                       reason: "the user cancelled the sign-in")
                return
            }
            guard connections.isAlive else { return }
            log.registerSecret(credentials.password)
            switch service.passwordGrant(upn: credentials.upn, password: credentials.password, as: signIn.registration) {
            case .failure(let failure):
                reporter.report(.enrollment, accountId: "", upn: credentials.upn, code: .authRequired, didSucceed: false,
                       reason: "sign-in failed: \(failure)")
            case .success(let grant):
                let token = tokens.cache(grant)
                registerIfNeeded(grant.oid, upn: grant.upn)
                enroll(grant.oid, origin: .login, token: token)
            }
        }
    }

    /// Adds the account to the registered list; returns false when it was already there.
    @discardableResult
    func registerIfNeeded(_ accountId: String, upn: String?) -> Bool {
        store.mutate { state -> Bool in
            if let index = state.registeredAccounts.firstIndex(where: { AccountIdentity.same($0.accountId, accountId) }) {
                if let upn, !upn.isEmpty { state.registeredAccounts[index].upn = upn }
                return false
            }
            state.registeredAccounts.append(SDKState.RegisteredAccount(accountId: accountId, upn: upn))
            return true
        }
    }

    /// One enrollment attempt (work queue). Returns true when the account is (now) enrolled.
    ///
    /// - Parameter ignoringEnrolledAccount: skip the one-managed-account check (only the
    ///   `retriesContinueAfterEnrollment` defect's retry passes true).
    @discardableResult
    func enroll(_ accountId: String, origin: EnrollmentOrigin, token presetToken: AccessToken? = nil,
                ignoringEnrolledAccount: Bool = false) -> Bool {
        guard connections.isAlive else { return false }
        guard store.read({ $0.registered(accountId) }) != nil || isStaleRetryAccount(accountId) else {
            log.info("enrollment of \(accountId) skipped: no longer registered")
            return false
        }
        if !ignoringEnrolledAccount, let current = store.read({ $0.enrolledAccountId }) {
            if accounts.sameIdentity(current, accountId) {
                reporter.report(.enrollment, accountId: current, code: .alreadyEnrolled, didSucceed: false,
                       reason: "the account has already enrolled the app")
                return true
            }
            guard rules.reportsSingleManagedAccountStatus else {
                log.info("\(accountId) stays unmanaged: another account (\(current)) manages the app")
                return false
            }
            reporter.report(.enrollment, accountId: accountId, code: .singleManagedAccountMode, didSucceed: false,
                   reason: "another account (\(current)) manages the app; only one managed account is allowed")
            // Like any failure; a correct SDK schedules nothing while an account is enrolled (ENR-04).
            scheduleRetryIfNeeded()
            return false
        }
        if case .registration = origin, !rules.registrationAsksNothing, let platform = connections.platform {
            platform.didShow(.signIn, accountId: accountId)
            let upn = store.read { $0.upn(of: accountId) }
            _ = platform.promptSignIn(hint: upn.isEmpty ? nil : upn)
        }
        let token: AccessToken
        switch tokens.token(presetToken, for: accountId) {
        case .success(let acquired): token = acquired
        case .failure(let failure):
            enrollmentFailed(accountId, failure)
            return false
        }
        guard connections.isAlive else { return false }
        if let refusal = managedConfig.allowedAccountsRefusal(accountId: token.accountId, upn: token.upn)
            ?? managedConfig.mdmEnrolledUserRefusal(accountId: token.accountId, upn: token.upn) {
            enrollmentFailed(token.accountId, refusal)
            return false
        }
        let enrolledId = token.accountId
        store.mutate { state in
            if let index = state.registeredAccounts.firstIndex(where: { AccountIdentity.same($0.accountId, accountId) }),
               !token.upn.isEmpty {
                state.registeredAccounts[index].upn = token.upn
            }
        }
        let deviceTag = store.read { $0.deviceTag }
        let result = tokens.authorized(token) { bearer in
            service.enroll(accountId: enrolledId, upn: token.upn, deviceTag: deviceTag, token: bearer)
        }
        guard connections.isAlive else { return false }
        switch result {
        case .success(.enrolled):
            recordEnrollment(enrolledId, upn: token.upn)
            reporter.report(.enrollment, accountId: enrolledId, upn: token.upn, code: .newPoliciesReceived, didSucceed: true)
            telemetry.enrollment(accountId: enrolledId, token: token) {
                followUp.target?.checkIn(afterEnrollment: origin, token: token)
            }
            return true
        case .success(.notLicensed):
            enrollmentFailed(enrolledId, StatusFailure(rules.unlicensedStatus,
                                                       "the account is not licensed for Intune app protection"))
            return false
        case .success(.notTargeted):
            let failure = StatusFailure(.licensedNotTargeted, "no app protection policy targets this account and app")
            if !rules.untargetedStaysUnmanaged {
                recordEnrollment(enrolledId, upn: token.upn)
                reporter.report(.enrollment, accountId: enrolledId, upn: token.upn, code: failure.code, didSucceed: false,
                       reason: failure.reason)
                return true
            }
            enrollmentFailed(enrolledId, failure)
            return false
        case .failure(let failure):
            if case .transport = failure, !retryRules.retriesAfterTransportFailure {
                let status = StatusFailure(failure, request: .enrollment, codes: statusRules)
                reporter.report(.enrollment, accountId: enrolledId, code: status.code, didSucceed: false, reason: status.reason)
                cancelRetry()
                return false
            }
            enrollmentFailed(enrolledId, StatusFailure(failure, request: .enrollment, codes: statusRules))
            return false
        }
    }

    /// A new enrollment request for an account registered already (000:261: registering starts one at once). An
    /// enrolled account is enrolled again at the service, keeping its policy; any other goes the ordinary way.
    private func renewEnrollment(_ accountId: String) {
        guard let enrolled = store.read({ $0.enrolledAccountId }), accounts.sameIdentity(enrolled, accountId) else {
            enroll(accountId, origin: .registration)
            return
        }
        let token: AccessToken
        switch tokens.acquireToken(for: enrolled) {
        case .success(let acquired): token = acquired
        case .failure(let failure):
            reporter.report(.enrollment, accountId: enrolled, code: failure.code, didSucceed: false, reason: failure.reason)
            return
        }
        let deviceTag = store.read { $0.deviceTag }
        let result = tokens.authorized(token) { bearer in
            service.enroll(accountId: token.accountId, upn: token.upn, deviceTag: deviceTag, token: bearer)
        }
        guard connections.isAlive else { return }
        switch result {
        case .success(.enrolled):
            reporter.report(.enrollment, accountId: enrolled, upn: token.upn, code: .newPoliciesReceived, didSucceed: true)
        case .success(.notLicensed):
            reporter.report(.enrollment, accountId: enrolled, code: rules.unlicensedStatus, didSucceed: false,
                   reason: "the account is not licensed for Intune app protection")
        case .success(.notTargeted):
            reporter.report(.enrollment, accountId: enrolled, code: .licensedNotTargeted, didSucceed: false,
                   reason: "no app protection policy targets this account and app")
        case .failure(let failure):
            let status = StatusFailure(failure, request: .enrollment, codes: statusRules)
            reporter.report(.enrollment, accountId: enrolled, code: status.code, didSucceed: false, reason: status.reason)
        }
    }

    /// Makes `accountId` the enrolled account and stops enrollment retries (ENR-04).
    private func recordEnrollment(_ accountId: String, upn: String) {
        let keepRetrying = !retryRules.retryStopsOnceEnrolled
        store.mutate { state in
            state.enrolledAccountId = accountId
            state.enrolledUPN = upn.isEmpty ? nil : upn
            state.policyJSON = nil
            state.policyVersion = nil
            if !keepRetrying { state.nextRetryAt = nil }
        }
        if !keepRetrying { timers.disarm(.retry) }
    }

    /// Reports a failed enrollment and makes sure a 24-hour retry is pending (ENR-03).
    func enrollmentFailed(_ accountId: String, _ failure: StatusFailure) {
        reporter.report(.enrollment, accountId: accountId, code: failure.code, didSucceed: false, reason: failure.reason)
        scheduleRetryIfNeeded()
    }
}
