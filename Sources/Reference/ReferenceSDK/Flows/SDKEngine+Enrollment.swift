import Foundation
import Locking

/// Registration and enrollment (ENR-01…04, ENR-07, ENR-11, ENR-12, ENR-13).
extension SDKEngine {
    /// How an enrollment came about; decides whether its first policy asks for a restart.
    enum EnrollmentOrigin: Sendable {
        case registration
        case retry
        case login
        /// At launch (AutoEnrollOnLaunch); `policyRequiredGate` when launch waits for the policy
        /// (MAMPolicyRequired), in which case no restart is needed (RST-03).
        case launch(policyRequiredGate: Bool)
    }

    /// `registerAndEnrollAccountId`: registers at once, enrolls on the work queue.
    func registerAndEnroll(_ accountId: String) {
        guard isAlive else { return }
        let trimmed = accountId.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            submit("enroll (nil account)") { [self] in
                report(.enrollment, accountId: accountId, upn: "", code: .nilAccount, didSucceed: false,
                       reason: "an empty account ID was passed")
            }
            return
        }
        if !rules.enrollment.deregisteredAccountRegistersAgain,
           deregisteredInProcess.read({ $0.contains(trimmed.lowercased()) }) {
            log.warning("registerAndEnrollAccountId: \(trimmed) was deregistered in this process; call ignored")
            return
        }
        let registered = store.mutate { state -> String? in
            if let existing = state.registeredAccounts.first(where: { sameIdentity($0.accountId, trimmed) }) {
                return existing.accountId
            }
            state.registeredAccounts.append(SDKState.RegisteredAccount(accountId: trimmed, upn: nil))
            return nil
        }
        if let registered {
            switch rules.enrollment.reRegistrationInOtherCasing {
            case .ignored:
                log.warning("registerAndEnrollAccountId: \(trimmed) is already registered; call ignored")
            case .startsNewRequest:
                log.info("registerAndEnrollAccountId: \(trimmed) is registered as \(registered); a new request starts")
                submit("enroll \(registered) again") { [self] in renewEnrollment(registered) }
            }
            return
        }
        guard rules.enrollment.enrollsAtRegistration else {
            log.info("registered \(trimmed); it enrolls with the next retry")
            submit("schedule the enrollment of \(trimmed)") { [self] in scheduleRetryIfNeeded() }
            return
        }
        log.info("registered \(trimmed); enrolling")
        if !rules.enrollment.registrationReturnsAtOnce, !isOnQueue {
            let done = Latch<Void>()
            submit("enroll \(trimmed)", dropped: { done.fulfil(()) }) { [self] in
                enroll(trimmed, origin: .registration)
                done.fulfil(())
            }
            _ = done.wait(until: Date(timeIntervalSinceNow: configuration.delegateTimeout))
            return
        }
        submit("enroll \(trimmed)") { [self] in enroll(trimmed, origin: .registration) }
    }

    /// `loginAndEnrollAccount`: uses the SDK's own token for `hint` when it has one, otherwise prompts. Without a
    /// UPN it signs in the device's managed user when the device has one, else asks who signs in (ENR-07).
    func loginAndEnroll(hint given: String?) {
        submit("login and enroll") { [self] in
            let hint = given ?? (rules.enrollment.loginTakesDeviceUser ? managedConfig.deviceManagedUserUPN : nil)
            if rules.enrollment.loginUsesHeldToken, let hint, let cached = store.read({ state in
                state.tokenCache.first { AccountIdentity.same($0.upn, hint) }
            }), let token = tokens.cachedToken(for: cached.accountId) {
                registerIfNeeded(token.accountId, upn: token.upn)
                enroll(token.accountId, origin: .login, token: token)
                return
            }
            guard rules.enrollment.loginPromptsWithoutToken else {
                report(.enrollment, accountId: "", upn: hint ?? "", code: .authRequired, didSucceed: false,
                       reason: "no token for the account")
                return
            }
            guard let platform else { return }
            platform.didShow(.signIn, accountId: nil)
            if hint == nil && !rules.enrollment.loginPromptsWithoutUPN {
                report(.enrollment, accountId: "", upn: "", code: .loginCanceled, didSucceed: false,
                       reason: "no account named to sign in")
                return
            }
            var answer = platform.promptSignIn(hint: rules.enrollment.loginPassesHint ? hint : nil)
            var shown = 1
            while answer == nil, shown < rules.enrollment.loginPromptsPerRequest, isAlive {
                platform.didShow(.signIn, accountId: nil)
                answer = platform.promptSignIn(hint: rules.enrollment.loginPassesHint ? hint : nil)
                shown += 1
            }
            guard let credentials = answer else {
                report(.enrollment, accountId: "", upn: hint ?? "", code: .loginCanceled, didSucceed: false,
                       reason: "the user cancelled the sign-in")
                return
            }
            guard isAlive else { return }
            log.registerSecret(credentials.password)
            switch service.passwordGrant(upn: credentials.upn, password: credentials.password, as: signIn.registration) {
            case .failure(let failure):
                report(.enrollment, accountId: "", upn: credentials.upn, code: .authRequired, didSucceed: false,
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
        guard isAlive else { return false }
        guard store.read({ $0.registered(accountId) }) != nil || isStaleRetryAccount(accountId) else {
            log.info("enrollment of \(accountId) skipped: no longer registered")
            return false
        }
        if !ignoringEnrolledAccount, let current = store.read({ $0.enrolledAccountId }) {
            if sameIdentity(current, accountId) {
                report(.enrollment, accountId: current, code: .alreadyEnrolled, didSucceed: false,
                       reason: "the account has already enrolled the app")
                return true
            }
            guard rules.enrollment.reportsSingleManagedAccountStatus else {
                log.info("\(accountId) stays unmanaged: another account (\(current)) manages the app")
                return false
            }
            report(.enrollment, accountId: accountId, code: .singleManagedAccountMode, didSucceed: false,
                   reason: "another account (\(current)) manages the app; only one managed account is allowed")
            // Like any failure; a correct SDK schedules nothing while an account is enrolled (ENR-04).
            scheduleRetryIfNeeded()
            return false
        }
        if case .registration = origin, !rules.enrollment.registrationAsksNothing, let platform {
            platform.didShow(.signIn, accountId: accountId)
            let upn = store.read { $0.upn(of: accountId) }
            _ = platform.promptSignIn(hint: upn.isEmpty ? nil : upn)
        }
        let token: AccessToken
        if let presetToken {
            token = presetToken
        } else {
            switch tokens.acquireToken(for: accountId) {
            case .success(let acquired): token = acquired
            case .failure(let failure):
                enrollmentFailed(accountId, failure)
                return false
            }
        }
        guard isAlive else { return false }
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
        guard isAlive else { return false }
        switch result {
        case .success(.enrolled):
            recordEnrollment(enrolledId, upn: token.upn)
            report(.enrollment, accountId: enrolledId, upn: token.upn, code: .newPoliciesReceived, didSucceed: true)
            telemetry.send(.enrollment, accountId: enrolledId, token: token)
            checkIn(reason: .afterEnrollment(origin), token: token)
            return true
        case .success(.notLicensed):
            enrollmentFailed(enrolledId, StatusFailure(rules.enrollment.unlicensedStatus,
                                                       "the account is not licensed for Intune app protection"))
            return false
        case .success(.notTargeted):
            let failure = StatusFailure(.licensedNotTargeted, "no app protection policy targets this account and app")
            if !rules.enrollment.untargetedStaysUnmanaged {
                recordEnrollment(enrolledId, upn: token.upn)
                report(.enrollment, accountId: enrolledId, upn: token.upn, code: failure.code, didSucceed: false,
                       reason: failure.reason)
                return true
            }
            enrollmentFailed(enrolledId, failure)
            return false
        case .failure(let failure):
            if case .transport = failure, !rules.retries.retriesAfterTransportFailure {
                let status = StatusFailure(failure, request: .enrollment, codes: rules.status)
                report(.enrollment, accountId: enrolledId, code: status.code, didSucceed: false, reason: status.reason)
                cancelRetry()
                return false
            }
            enrollmentFailed(enrolledId, StatusFailure(failure, request: .enrollment, codes: rules.status))
            return false
        }
    }

    /// A new enrollment request for an account registered already (000:261: registering starts one at once). An
    /// enrolled account is enrolled again at the service, keeping its policy; any other goes the ordinary way.
    private func renewEnrollment(_ accountId: String) {
        guard let enrolled = store.read({ $0.enrolledAccountId }), sameIdentity(enrolled, accountId) else {
            enroll(accountId, origin: .registration)
            return
        }
        let token: AccessToken
        switch tokens.acquireToken(for: enrolled) {
        case .success(let acquired): token = acquired
        case .failure(let failure):
            report(.enrollment, accountId: enrolled, code: failure.code, didSucceed: false, reason: failure.reason)
            return
        }
        let deviceTag = store.read { $0.deviceTag }
        let result = tokens.authorized(token) { bearer in
            service.enroll(accountId: token.accountId, upn: token.upn, deviceTag: deviceTag, token: bearer)
        }
        guard isAlive else { return }
        switch result {
        case .success(.enrolled):
            report(.enrollment, accountId: enrolled, upn: token.upn, code: .newPoliciesReceived, didSucceed: true)
        case .success(.notLicensed):
            report(.enrollment, accountId: enrolled, code: rules.enrollment.unlicensedStatus, didSucceed: false,
                   reason: "the account is not licensed for Intune app protection")
        case .success(.notTargeted):
            report(.enrollment, accountId: enrolled, code: .licensedNotTargeted, didSucceed: false,
                   reason: "no app protection policy targets this account and app")
        case .failure(let failure):
            let status = StatusFailure(failure, request: .enrollment, codes: rules.status)
            report(.enrollment, accountId: enrolled, code: status.code, didSucceed: false, reason: status.reason)
        }
    }

    /// Makes `accountId` the enrolled account and stops enrollment retries (ENR-04).
    private func recordEnrollment(_ accountId: String, upn: String) {
        let keepRetrying = !rules.retries.retryStopsOnceEnrolled
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
        report(.enrollment, accountId: accountId, code: failure.code, didSucceed: false, reason: failure.reason)
        scheduleRetryIfNeeded()
    }
}
