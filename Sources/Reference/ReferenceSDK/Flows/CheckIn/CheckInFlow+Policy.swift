import Foundation

/// What a check-in's answer leads to: the policy stored (or dropped) and reported, and the restart a first policy
/// needs (RST-01, RST-02, RST-03, RST-05).
extension CheckInFlow {
    static let restartMessage =
        "Your organization is now protecting its data in this app. You need to restart the app to continue."

    /// Stores (or drops) the policy, reports it, sends the check-in telemetry, then asks for the restart a
    /// first policy needs (last, because a restart may end this runtime).
    func applyPolicy(_ answer: MAMServiceClient.CheckInAnswer, accountId: String, held: MAMServicePolicy?,
                     heldVersion: String?, reason: Reason, token: AccessToken) {
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
        appConfig.receiveAppConfig(answer, accountId: accountId)
        reporter.report(.policy, accountId: accountId, code: code, didSucceed: true)
        policyChanges.postPolicyChanges(accountId: accountId, held: held, code: code)
        let periodic = if case .periodic = reason { true } else { false }
        telemetry.send(.checkIn(code: code, policyVersion: answer.policyVersion), accountId: accountId, token: token,
                       periodic: periodic)
        if firstPolicy {
            firstPolicyReceived(reason: reason)
        } else if !restartRules.onlyFirstPolicyAsksRestart {
            requestRestart()
        }
    }

    /// A later policy as the SDK holds it: as it came, unless the PIN setting of the first policy sticks (the
    /// `pinSettingKeptFromFirstPolicy` defect, CL-41), when it carries the held policy's `pinRequired` instead.
    private func keepingFirstPINSetting(of held: MAMServicePolicy, in json: Data) -> Data {
        guard !conditionalLaunchRules.pinFollowsPolicyChanges,
              var object = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] else { return json }
        object["pinRequired"] = held.isPINRequired
        return (try? PolicyJSON.data(object)) ?? json
    }

    /// The app received policy for the first time: it must restart, unless launch waited for the policy.
    private func firstPolicyReceived(reason: Reason) {
        if case .afterEnrollment(.launch(policyRequiredGate: true)) = reason,
           restartRules.launchWaitedPolicyNeedsNoRestart {
            log.info("first policy received while launch waited for it; no restart needed")
            return
        }
        if managedConfig.hooksRunAsPassthrough {
            log.info("first policy received on an MDM-managed device whose hooks run as passthrough; no restart needed")
            return
        }
        guard restartRules.firstPolicyAsksRestart else {
            log.info("first policy received; applying it in place")
            return
        }
        requestRestart()
    }

    /// Asks the app to restart; if it will not, shows the restart dialog and relaunches it (RST-02).
    func requestRestart() {
        guard connections.isAlive else { return }
        let appRestarts = connections.policyDelegate?.restartApplication() ?? false
        log.info("restartApplication returned \(appRestarts)")
        guard connections.isAlive else { return }
        if appRestarts && restartRules.dialogOnlyWhenAppDeclines { return }
        guard let platform = connections.platform else { return }
        platform.didShow(.restartDialog, accountId: store.read { $0.enrolledAccountId })
        platform.showRestartDialog(message: Self.restartMessage)
        guard connections.isAlive else { return }
        relaunch(platform)
    }

    /// Terminates this runtime and has the platform start the app again, from a dedicated thread so the
    /// relaunch does not run inside (and wait for) the work queue. Counted as work until it returns.
    private func relaunch(_ platform: any IntuneMAMPlatform) {
        log.info("restarting the app")
        let tracker = self.tracker
        tracker.enter()
        termination.target?.terminate()
        Thread.detachNewThread {
            platform.terminateAndRelaunch()
            tracker.leave()
        }
    }
}
