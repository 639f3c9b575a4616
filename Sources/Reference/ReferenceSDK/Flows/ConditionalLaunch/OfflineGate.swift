import Foundation

/// Conditional launch's offline check (CL-04): when the app has not reached the MAM service for longer than the
/// policy's offline period, a launch or resume of the managed account tries the service first, and the data
/// stays blocked until a check-in gets an answer; past the policy's `periodOfflineBeforeWipeIsEnforced` too, the
/// account is wiped instead (CL-06).
///
/// It is given the conditional-launch and conditional-wipe rules, the state (when check-ins were tried and
/// answered), the app connections (the block it shows), the launch's progress (whether it already blocked), the
/// clock, the log and the wipe it may end in (``wipes``). The check-in it makes belongs to the check-in flow, which
/// in turn records on this gate, so it is reached through ``checkIns``, a link the engine binds once both exist.
struct OfflineGate: Sendable {
    let rules: SDKRules.ConditionalLaunch
    let wipeRules: SDKRules.ConditionalWipe
    let store: SDKStateStore
    let connections: SDKAppConnections
    let launch: LaunchProgress
    let clock: any MAMClock
    let log: SDKLog
    /// The check-in made before the data shows.
    let checkIns: SDKFlowLink<any OfflineCheckIns>
    /// The wipe past `periodOfflineBeforeWipeIsEnforced`.
    let wipes: any ConditionalLaunchWipes

    /// Notes a check-in that reached the service (`answered`) or was at least tried, on the SDK's clock.
    func recordCheckIn(answered: Bool) {
        let now = clock.now
        store.mutate { state in
            state.lastCheckInAttemptAt = now
            if answered { state.lastCheckInAt = now }
        }
    }

    /// Nil when `accountId`'s data may show as far as the offline period goes; else the SDK has shown the block.
    /// Past the period it checks in at once (work queue) and lets the data show only when the service answered.
    /// Where the offline period belongs to authentication (000:621: "if authentication is enabled"), a policy with
    /// neither a PIN nor work credentials has none.
    func check(accountId: String, policy: MAMServicePolicy) -> IntuneMAMLaunchBlockReason? {
        let authenticates = policy.isPINRequired || policy.organizationalCredentialsRequired
        guard rules.enforcesOfflinePeriod, authenticates || !rules.offlinePeriodNeedsAuthentication else { return nil }
        if case .blocked(.offline) = launch.current, rules.offlineBlockLifts == .never {
            // Once blocked, nothing lifts it: not even check-ins that reached the service since.
            connections.platform?.didShow(.offlineBlocked, accountId: accountId)
            return .offline
        }
        guard isOfflinePastPeriod(policy) else { return nil }
        if case .blocked(.offline) = launch.current, rules.offlineBlockLifts == .nextScheduledCheckIn {
            // Still blocked: only a scheduled check-in that reaches the service lifts it.
            connections.platform?.didShow(.offlineBlocked, accountId: accountId)
            return .offline
        }
        log.info("no check-in for longer than the offline period: checking in before the data shows")
        let checkIns = self.checkIns.target
        let held = checkIns?.checkInNow(holdingFailure: !rules.offlineCheckInReportedBeforeBlock)
        guard connections.isAlive else { return .offline }
        if !isOfflinePastPeriod(policy) {
            checkIns?.report(held)
            return nil
        }
        if let wipePeriod = policy.offlineWipePeriod, wipeRules.offlineWipes, isOffline(longerThan: wipePeriod) {
            checkIns?.report(held)
            wipes.conditionalWipe(of: accountId, reason: "no check-in reached the service for longer than "
                                          + "periodOfflineBeforeWipeIsEnforced")
            return .offline
        }
        log.warning("the service cannot be reached and the offline period has passed: \(accountId)'s data stays hidden")
        connections.platform?.didShow(.offlineBlocked, accountId: accountId)
        checkIns?.report(held)
        return .offline
    }

    /// True when the last check-in that reached the service is at least `period` ago (CL-06's offline wipe).
    /// Unknown (no check-in recorded yet) counts as recent.
    private func isOffline(longerThan period: TimeInterval) -> Bool {
        guard let answered = store.read({ $0.lastCheckInAt }) else { return false }
        return clock.now.timeIntervalSince(answered) >= period
    }

    /// True when the last answered check-in (or, where the rule is broken, the last attempt) is at least the policy's offline
    /// period ago. Unknown (no check-in recorded yet) counts as recent.
    private func isOfflinePastPeriod(_ policy: MAMServicePolicy) -> Bool {
        let (answered, tried) = store.read { ($0.lastCheckInAt, $0.lastCheckInAttemptAt) }
        guard rules.offlineWaitsForPeriod else { return tried != nil && tried != answered }
        guard let last = rules.offlineCountsFromLastAnswer ? answered : tried else { return false }
        return clock.now.timeIntervalSince(last) >= policy.offlineAccessCheckPeriod
    }
}
