import Foundation

/// Policy check-in (ENR-05), the administrator's wipe (WIP-09) and the first-policy restart (RST-01, RST-02,
/// RST-03, RST-05).
extension SDKEngine: EnrollmentFollowUp {
    enum CheckInReason: Sendable {
        case afterEnrollment(EnrollmentOrigin)
        case periodic
    }

    static let restartMessage =
        "Your organization is now protecting its data in this app. You need to restart the app to continue."

    /// A failed check-in's status, held back for the caller to report (see ``checkIn(reason:token:holdingFailure:)``).
    struct HeldFailure {
        var accountId: String
        var failure: StatusFailure
    }

    /// One check-in for the enrolled account (work queue); ends with exactly one `policyRequest`. With
    /// `holdingFailure` a failure is not reported but returned, for the caller to report when it chooses.
    @discardableResult
    func checkIn(reason: CheckInReason, token presetToken: AccessToken? = nil, holdingFailure: Bool = false) -> HeldFailure? {
        guard isAlive else { return nil }
        let state = store.snapshot
        guard let accountId = state.enrolledAccountId else { return nil }
        let heldPolicy = state.policy
        let token: AccessToken
        if let presetToken {
            token = presetToken
        } else {
            switch tokens.acquireToken(for: accountId) {
            case .success(let acquired): token = acquired
            case .failure(let failure):
                scheduleNextCheckIn()
                if holdingFailure { return HeldFailure(accountId: accountId, failure: failure) }
                report(.policy, accountId: accountId, code: failure.code, didSucceed: false, reason: failure.reason)
                return nil
            }
        }
        guard isAlive else { return nil }
        if accountRenamed(accountId, token: token) { return nil }
        let result = tokens.authorized(token) { bearer in
            service.checkIn(accountId: accountId, deviceTag: state.deviceTag, policyVersion: state.policyVersion,
                            token: bearer)
        }
        guard isAlive, store.read({ $0.isEnrolled(accountId) }) else { return nil }
        if case .success = result { recordCheckIn(answered: true) } else { recordCheckIn(answered: false) }
        switch result {
        case .failure(let failure):
            scheduleCheckInAfterFailure(failure)
            if !rules.retries.failedCheckInKeepsPolicy {
                store.mutate { state in
                    state.policyJSON = nil
                    state.policyVersion = nil
                }
            }
            let status = StatusFailure(failure, request: .policy, codes: rules.status)
            if !rules.dataTransfer.failedCheckInChangesNoPolicy {
                connections.post(IntuneMAMNotification(name: .policyDidChange, accountId: accountId))
            }
            if holdingFailure { return HeldFailure(accountId: accountId, failure: status) }
            report(.policy, accountId: accountId, code: status.code, didSucceed: false, reason: status.reason)
        case .success(let answer) where answer.wipeRequested && rules.unenroll.honoursAdminWipe:
            report(.policy, accountId: accountId, code: .wipeReceived, didSucceed: true,
                   reason: "the administrator sent a selective wipe")
            unenroll(accountId, upn: state.upn(of: accountId), wipe: true, token: .success(token))
        case .success(let answer):
            applyPolicy(answer, accountId: accountId, held: heldPolicy, heldVersion: state.policyVersion, reason: reason,
                        token: token)
            if case .periodic = reason, !rules.unenroll.checkInWipesOnlyOnCommand {
                self.wipe.selectiveWipe(accountId, upn: state.upn(of: accountId))
            }
        }
        return nil
    }

    func checkIn(afterEnrollment origin: EnrollmentOrigin, token: AccessToken) {
        checkIn(reason: .afterEnrollment(origin), token: token)
    }

    /// Reports a failed check-in ``checkIn(reason:token:holdingFailure:)`` held back.
    func report(_ held: HeldFailure?) {
        guard let held else { return }
        report(.policy, accountId: held.accountId, code: held.failure.code, didSucceed: false, reason: held.failure.reason)
    }

    /// The next check-in after a failed one: when the service throttled it with a `Retry-After`, once that has
    /// passed (capped at a day), not before and not 8 hours later (RES-03); otherwise, or where the SDK keeps its
    /// rhythm whatever the service says, the usual 8 hours. The held policy stays in force meanwhile (RES-02).
    private func scheduleCheckInAfterFailure(_ failure: MAMServiceClient.Failure) {
        guard case .throttled(_, let retryAfter?) = failure else { return scheduleNextCheckIn() }
        let wait: TimeInterval
        switch rules.retries.throttledCheckIn {
        case .afterRetryAfter: wait = min(retryAfter, Self.retryInterval)
        case .afterOneMinute: wait = 60
        case .onCheckInRhythm: return scheduleNextCheckIn()
        }
        log.info("check-in throttled; trying again in \(Int(wait)) s")
        scheduleNextCheckIn(after: max(wait, 1))
    }

    /// Stores (or drops) the policy, reports it, sends the check-in telemetry, then asks for the restart a
    /// first policy needs (last, because a restart may end this runtime).
    private func applyPolicy(_ answer: MAMServiceClient.CheckInAnswer, accountId: String, held: MAMServicePolicy?,
                             heldVersion: String?, reason: CheckInReason, token: AccessToken) {
        let code: IntuneMAMEnrollmentStatusCode
        var firstPolicy = false
        if let json = answer.policyJSON {
            let changed = answer.policyVersion != heldVersion
                || (answer.policyVersion == nil && held?.settingsJSON != json)
            code = changed ? .newPoliciesReceived : .policiesHaveNotChanged
            firstPolicy = held == nil
            let stored = held.map { keepingFirstPINSetting(of: $0, in: json) } ?? json
            store.mutate { state in
                state.policyJSON = String(decoding: stored, as: UTF8.self)
                state.policyVersion = answer.policyVersion
            }
        } else {
            code = .noPolicyReceived
            store.mutate { state in
                state.policyJSON = nil
                state.policyVersion = nil
            }
        }
        scheduleNextCheckIn()
        receiveAppConfig(answer, accountId: accountId)
        report(.policy, accountId: accountId, code: code, didSucceed: true)
        postPolicyChanges(accountId: accountId, held: held, code: code)
        let periodic = if case .periodic = reason { true } else { false }
        telemetry.send(.checkIn(code: code, policyVersion: answer.policyVersion), accountId: accountId, token: token,
                      periodic: periodic)
        if firstPolicy {
            firstPolicyReceived(reason: reason)
        } else if !rules.restart.onlyFirstPolicyAsksRestart {
            requestRestart()
        }
    }

    /// A later policy as the SDK holds it: as it came, unless the PIN setting of the first policy sticks (the
    /// `pinSettingKeptFromFirstPolicy` defect, CL-41), when it carries the held policy's `pinRequired` instead.
    private func keepingFirstPINSetting(of held: MAMServicePolicy, in json: Data) -> Data {
        guard !rules.conditionalLaunch.pinFollowsPolicyChanges,
              var object = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] else { return json }
        object["pinRequired"] = held.isPINRequired
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? json
    }

    /// The app received policy for the first time: it must restart, unless launch waited for the policy.
    private func firstPolicyReceived(reason: CheckInReason) {
        if case .afterEnrollment(.launch(policyRequiredGate: true)) = reason,
           rules.restart.launchWaitedPolicyNeedsNoRestart {
            log.info("first policy received while launch waited for it; no restart needed")
            return
        }
        if managedConfig.hooksRunAsPassthrough {
            log.info("first policy received on an MDM-managed device whose hooks run as passthrough; no restart needed")
            return
        }
        guard rules.restart.firstPolicyAsksRestart else {
            log.info("first policy received; applying it in place")
            return
        }
        requestRestart()
    }

    /// Asks the app to restart; if it will not, shows the restart dialog and relaunches it (RST-02).
    func requestRestart() {
        guard isAlive else { return }
        let appRestarts = policyDelegate?.restartApplication() ?? false
        log.info("restartApplication returned \(appRestarts)")
        guard isAlive else { return }
        if appRestarts && rules.restart.dialogOnlyWhenAppDeclines { return }
        guard let platform else { return }
        platform.didShow(.restartDialog, accountId: store.read { $0.enrolledAccountId })
        platform.showRestartDialog(message: Self.restartMessage)
        guard isAlive else { return }
        relaunch(platform)
    }

    /// Terminates this runtime and has the platform start the app again, from a dedicated thread so the
    /// relaunch does not run inside (and wait for) the work queue. Counted as work until it returns.
    private func relaunch(_ platform: any IntuneMAMPlatform) {
        log.info("restarting the app")
        let tracker = self.tracker
        tracker.enter()
        terminate()
        Thread.detachNewThread {
            platform.terminateAndRelaunch()
            tracker.leave()
        }
    }
}
