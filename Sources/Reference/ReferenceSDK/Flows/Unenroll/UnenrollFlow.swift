import Foundation
import Locking

/// Deregistration and unenroll (WIP-01…03, WIP-06…08, ENR-04 resume), the acknowledgement of an unenroll the
/// service could not take at once (RES-04, `UnenrollFlow+Acknowledgement.swift`) and the conditional-launch wipe
/// (CL-06, `UnenrollFlow+ConditionalWipe.swift`); the wipe itself is ``WipeFlow``'s.
///
/// It is given what the end of management touches: its rules (unenroll, retries, status codes, the conditional
/// wipe), the state, the service client and the tokens, the status reporter, the enrollment (whose retry resumes
/// once an account is gone), the wipe, the stale check-in a broken SDK keeps, the app connections, the work queue
/// and the timers, how long the app's caller waits, the clock, the accounts deregistered in this process, and the
/// app configuration it forgets an account's (``appConfig``).
struct UnenrollFlow: Sendable {
    let rules: SDKRules.Unenroll
    let retryRules: SDKRules.Retries
    let statusRules: SDKRules.Status
    let conditionalWipeRules: SDKRules.ConditionalWipe
    let store: SDKStateStore
    let service: MAMServiceClient
    let tokens: TokenSource
    let reporter: SDKStatusReporter
    let enrollment: EnrollmentFlow
    let wipe: WipeFlow
    let staleCheckIns: StaleCheckInFlow
    let connections: SDKAppConnections
    let work: SDKWorkQueue
    let timers: SDKTimers
    let appWait: SDKAppWait
    let clock: any MAMClock
    let log: SDKLog
    /// The accounts (lower-cased) deregistered since this process started (``EnrollmentFlow`` refuses them again
    /// where the `reRegistrationIgnoredUntilRelaunch` defect is planted, ENR-19).
    let deregisteredInProcess: Locked<Set<String>>
    /// Where the unenrolled account's app configuration is dropped.
    let appConfig: any UnenrollAppConfig

    /// `deRegisterAndUnenrollAccountId`: blocks the caller until the SDK holds the token the unenroll
    /// needs (WIP-08), or until it is clear none is needed; the rest continues on the work queue.
    /// Called from the work queue itself (inside a delegate callback) it cannot wait and only queues.
    func deregister(_ accountId: String, wipe: Bool) {
        let gate = Latch<Void>()
        work.submit("deregister \(accountId)", dropped: { gate.fulfil(()) }) { [self] in
            performDeregister(accountId, wipe: wipe, tokenGate: gate)
        }
        guard !work.isOnQueue else { return }
        if gate.wait(until: Date(timeIntervalSinceNow: appWait.timeout)) == nil {
            log.warning("deRegisterAndUnenrollAccountId(\(accountId)) gave up waiting for a token")
        }
    }

    private func performDeregister(_ accountId: String, wipe: Bool, tokenGate: Latch<Void>) {
        defer { tokenGate.fulfil(()) }
        let state = store.snapshot
        let enrolledId = state.isEnrolled(accountId) ? state.enrolledAccountId : nil
        guard let registered = state.registered(accountId) ?? enrolledId.map({
            SDKState.RegisteredAccount(accountId: $0, upn: state.enrolledUPN)
        }) else {
            log.warning("deRegisterAndUnenrollAccountId: \(accountId) is not registered; call ignored")
            return
        }
        let upn = state.upn(of: accountId)
        removeRegistration(of: registered)
        deregisteredInProcess.withLock { _ = $0.insert(registered.accountId.lowercased()) }
        log.info("deregistered \(accountId)")
        guard let enrolledId else {
            // Not enrolled: nothing to unenroll or wipe; stop retries if nothing else is pending (WIP-02).
            enrollment.scheduleRetryIfNeeded()
            tokens.dropCachedTokens(for: accountId)
            return
        }
        let token = tokenForDeregistration(enrolledId)
        tokenGate.fulfil(())
        let doWipe = wipe || !rules.wipesOnlyWhenAsked
        if doWipe != wipe { log.info("deregistering \(enrolledId) without wipe; wiping anyway") }
        unenroll(enrolledId, upn: upn, wipe: doWipe, token: token)
    }

    /// Takes the account off the registered list (and so off the 24-hour retry, WIP-01/WIP-02).
    private func removeRegistration(of account: SDKState.RegisteredAccount) {
        let keepRegistered = !rules.dropsRegistration
        let keepRetrying = !retryRules.deregisteredLeaveRetries
        store.mutate { state in
            if !keepRegistered {
                state.registeredAccounts.removeAll { AccountIdentity.same($0.accountId, account.accountId) }
            }
            if keepRetrying {
                var stale = state.staleRetryAccounts ?? []
                stale.removeAll { AccountIdentity.same($0.accountId, account.accountId) }
                stale.append(account)
                state.staleRetryAccounts = stale
            }
        }
    }

    /// Unenrolls the enrolled account (work queue): tells the service, drops management locally even if
    /// the service could not be told, deregisters it, wipes on request, reports `unenrollRequest`, resumes
    /// retries. Also the end of an administrator's wipe (WIP-09).
    func unenroll(_ accountId: String, upn: String, wipe: Bool, token: Result<AccessToken, StatusFailure>) {
        guard connections.isAlive else { return }
        var failure: StatusFailure?
        var acknowledgementPending = false
        switch token {
        case .success(let token):
            let deviceTag = store.read { $0.deviceTag }
            let result = tokens.authorized(token) { bearer in
                service.unenroll(accountId: accountId, deviceTag: deviceTag, token: bearer)
            }
            if case .failure(let serviceFailure) = result {
                if serviceFailure.isWorthRetrying {
                    // Management ends here all the same; only telling the service is tried again (RES-04).
                    acknowledgementPending = true
                    pendAcknowledgement(SDKState.PendingAcknowledgement(
                        accountId: accountId, upn: upn, deviceTag: deviceTag, accessToken: token.value, wiped: wipe,
                        attempts: 1, dueAt: clock.now.addingTimeInterval(rules.acknowledgementRetryInterval)))
                } else {
                    failure = StatusFailure(serviceFailure, request: .unenroll, codes: statusRules)
                }
            }
        case .failure(let tokenFailure):
            failure = tokenFailure
        }
        guard connections.isAlive else { return }
        timers.disarm(.checkIn)
        staleCheckIns.keepCheckingInIfBroken(accountId, upn: upn)
        let keepManaged = !rules.dropsPolicy
        store.mutate { state in
            if keepManaged {
                state.nextCheckInAt = nil
            } else {
                state.clearEnrollment()
            }
            state.tokenCache.removeAll { AccountIdentity.same($0.accountId, accountId) }
        }
        appConfig.dropAppConfig(of: accountId)
        removeRegistration(of: SDKState.RegisteredAccount(accountId: accountId, upn: upn.isEmpty ? nil : upn))
        // A pending acknowledgement reports when it settles: one unenrollRequest per unenroll (WIP-07). No edition
        // orders the status and the wipe; the reference reports once the wipe is done.
        let reportsFirst = rules.reportsBeforeWiping
        if reportsFirst && !acknowledgementPending { reportUnenroll(accountId, upn: upn, failure: failure) }
        if wipe {
            guard connections.isAlive else { return }
            self.wipe.selectiveWipe(accountId, upn: upn)
        }
        guard connections.isAlive else { return }
        if !reportsFirst && !acknowledgementPending { reportUnenroll(accountId, upn: upn, failure: failure) }
        enrollment.scheduleRetryIfNeeded()
    }

    /// The one `unenrollRequest` of an unenroll (WIP-07).
    func reportUnenroll(_ accountId: String, upn: String, failure: StatusFailure?) {
        guard rules.reportsUnenroll else {
            log.info("unenroll of \(accountId) finished")
            return
        }
        if let failure {
            reporter.report(.unenroll, accountId: accountId, upn: upn, code: failure.code, didSucceed: false,
                            reason: "the MAM service could not be told: \(failure.reason); the account was removed locally")
        } else {
            reporter.report(.unenroll, accountId: accountId, upn: upn, code: .unenrollmentSuccess, didSucceed: true)
        }
    }
}
