import Foundation

/// Policy check-in (ENR-05) and the administrator's wipe it may carry (WIP-09); applying the policy it delivers and
/// the first-policy restart (RST-01, RST-02, RST-03, RST-05, `CheckInFlow+Policy.swift`); the 8-hour check-in
/// timer (`CheckInFlow+Timer.swift`); a UPN change of the enrolled account (IDN-01, `CheckInFlow+AccountRename.swift`).
///
/// It is given what a check-in touches: its rules (retries, status codes, restart, unenroll, data transfer,
/// conditional launch, account rename), the state, the service client and the tokens, the status reporter,
/// telemetry, the managed configuration (an MDM device's hooks), the wipe and the unenroll an administrator's wipe
/// ends in, the app connections, the work queue and the timers, the work tracker (a relaunch counts as work), the
/// clock, the app configuration it hands the answer's configuration to and the policy-change notifications. The
/// offline check's record (the offline gate checks in through this flow) and ending the runtime for a restart (the
/// engine's) are reached through links the engine binds once all exist.
struct CheckInFlow: Sendable {
    /// How long after a check-in the next one is due, unless the service says otherwise.
    static let checkInInterval: TimeInterval = 8 * 3600

    let retryRules: SDKRules.Retries
    let statusRules: SDKRules.Status
    let restartRules: SDKRules.Restart
    let unenrollRules: SDKRules.Unenroll
    let dataTransferRules: SDKRules.DataTransfer
    let conditionalLaunchRules: SDKRules.ConditionalLaunch
    let accountRenameRules: SDKRules.AccountRename
    let store: SDKStateStore
    let service: MAMServiceClient
    let tokens: TokenSource
    let reporter: SDKStatusReporter
    let telemetry: TelemetryFlow
    let managedConfig: ManagedConfigFlow
    let wipe: WipeFlow
    let unenrolls: UnenrollFlow
    let connections: SDKAppConnections
    let work: SDKWorkQueue
    let timers: SDKTimers
    let tracker: MAMWorkTracker
    let clock: any MAMClock
    let log: SDKLog
    /// Where the configuration a check-in delivered is kept.
    let appConfig: any CheckInAppConfig
    /// Where the app is told what a new policy changed.
    let policyChanges: any CheckInPolicyChanges
    /// Where each check-in is noted for the offline check.
    let record: SDKFlowLink<any CheckInRecord>
    /// What ends the runtime before the SDK's own restart.
    let termination: SDKFlowLink<any RuntimeTermination>

    enum Reason: Sendable {
        case afterEnrollment(EnrollmentOrigin)
        case periodic
    }

    /// A failed check-in's status, held back for the caller to report (see ``checkIn(reason:token:holdingFailure:)``).
    struct HeldFailure {
        var accountId: String
        var failure: StatusFailure
    }

    /// One check-in for the enrolled account (work queue); ends with exactly one `policyRequest`. With
    /// `holdingFailure` a failure is not reported but returned, for the caller to report when it chooses.
    @discardableResult
    func checkIn(reason: Reason, token presetToken: AccessToken? = nil, holdingFailure: Bool = false) -> HeldFailure? {
        guard connections.isAlive else { return nil }
        let state = store.snapshot
        guard let accountId = state.enrolledAccountId else { return nil }
        let heldPolicy = state.policy
        let token: AccessToken
        switch tokens.token(presetToken, for: accountId) {
        case .success(let acquired): token = acquired
        case .failure(let failure):
            scheduleNextCheckIn()
            if holdingFailure { return HeldFailure(accountId: accountId, failure: failure) }
            reporter.report(.policy, accountId: accountId, code: failure.code, didSucceed: false, reason: failure.reason)
            return nil
        }
        guard connections.isAlive else { return nil }
        if accountRenamed(accountId, token: token) { return nil }
        let result = tokens.authorized(token) { bearer in
            service.checkIn(accountId: accountId, deviceTag: state.deviceTag, policyVersion: state.policyVersion,
                            token: bearer)
        }
        guard connections.isAlive, store.read({ $0.isEnrolled(accountId) }) else { return nil }
        if case .success = result {
            record.target?.recordCheckIn(answered: true)
        } else {
            record.target?.recordCheckIn(answered: false)
        }
        switch result {
        case .failure(let failure):
            scheduleCheckInAfterFailure(failure)
            if !retryRules.failedCheckInKeepsPolicy {
                store.mutate { state in
                    state.policyJSON = nil
                    state.policyVersion = nil
                }
            }
            let status = StatusFailure(failure, request: .policy, codes: statusRules)
            if !dataTransferRules.failedCheckInChangesNoPolicy {
                connections.post(IntuneMAMNotification(name: .policyDidChange, accountId: accountId))
            }
            if holdingFailure { return HeldFailure(accountId: accountId, failure: status) }
            reporter.report(.policy, accountId: accountId, code: status.code, didSucceed: false, reason: status.reason)
        case .success(let answer) where answer.wipeRequested && unenrollRules.honoursAdminWipe:
            reporter.report(.policy, accountId: accountId, code: .wipeReceived, didSucceed: true,
                            reason: "the administrator sent a selective wipe")
            unenrolls.unenroll(accountId, upn: state.upn(of: accountId), wipe: true, token: .success(token))
        case .success(let answer):
            applyPolicy(answer, accountId: accountId, held: heldPolicy, heldVersion: state.policyVersion, reason: reason,
                        token: token)
            if case .periodic = reason, !unenrollRules.checkInWipesOnlyOnCommand {
                wipe.selectiveWipe(accountId, upn: state.upn(of: accountId))
            }
        }
        return nil
    }

    /// Reports a failed check-in ``checkIn(reason:token:holdingFailure:)`` held back.
    func report(_ held: HeldFailure?) {
        guard let held else { return }
        reporter.report(.policy, accountId: held.accountId, code: held.failure.code, didSucceed: false,
                        reason: held.failure.reason)
    }

    /// The next check-in after a failed one: when the service throttled it with a `Retry-After`, once that has
    /// passed (capped at a day), not before and not 8 hours later (RES-03); otherwise, or where the SDK keeps its
    /// rhythm whatever the service says, the usual 8 hours. The held policy stays in force meanwhile (RES-02).
    private func scheduleCheckInAfterFailure(_ failure: MAMServiceClient.Failure) {
        guard case .throttled(_, let retryAfter?) = failure else { return scheduleNextCheckIn() }
        let wait: TimeInterval
        switch retryRules.throttledCheckIn {
        case .afterRetryAfter: wait = min(retryAfter, SDKEngine.retryInterval)
        case .afterOneMinute: wait = 60
        case .onCheckInRhythm: return scheduleNextCheckIn()
        }
        log.info("check-in throttled; trying again in \(Int(wait)) s")
        scheduleNextCheckIn(after: max(wait, 1))
    }
}

extension CheckInFlow: EnrollmentFollowUp {
    func checkIn(afterEnrollment origin: EnrollmentOrigin, token: AccessToken) {
        checkIn(reason: .afterEnrollment(origin), token: token)
    }
}
