import Foundation

/// The 24-hour enrollment retry (ENR-03, ENR-04, WIP-02), with its due time persisted so a relaunch resumes it.
extension EnrollmentFlow {
    /// Ensures a retry is pending when no account is enrolled and some registered account is not.
    /// An already pending retry keeps its due time.
    func scheduleRetryIfNeeded() {
        guard connections.isAlive else { return }
        let (enrolled, due) = store.read { ($0.enrolledAccountId, $0.nextRetryAt) }
        let hasCandidates = !retryCandidates().isEmpty
        guard enrolled == nil || !retryRules.retryStopsOnceEnrolled, hasCandidates else {
            cancelRetry()
            return
        }
        if due != nil, timers.isArmed(.retry) { return }
        let at = clock.now.addingTimeInterval(retryRules.retryInterval)
        store.mutate { $0.nextRetryAt = at }
        log.info("enrollment retry scheduled at \(at)")
        timers.arm(.retry, at: at) { [self] in runRetry() }
    }

    /// Stops enrollment retries (an account enrolled, or nothing is left to enroll).
    func cancelRetry() {
        store.mutate { $0.nextRetryAt = nil }
        timers.disarm(.retry)
    }

    /// The accounts a retry tries: every registered, not enrolled account, in registration order (plus,
    /// where deregistered accounts do not leave the list, the deregistered ones it forgot to drop).
    func retryCandidates() -> [SDKState.RegisteredAccount] {
        store.read { state in
            var candidates = state.pendingAccounts
            if !retryRules.deregisteredLeaveRetries {
                candidates += (state.staleRetryAccounts ?? []).filter { state.registered($0.accountId) == nil }
            }
            return candidates
        }
    }

    /// True when this deregistered account is still retried because deregistered accounts do not leave the list.
    func isStaleRetryAccount(_ accountId: String) -> Bool {
        guard !retryRules.deregisteredLeaveRetries else { return false }
        return store.read { state in
            (state.staleRetryAccounts ?? []).contains { AccountIdentity.same($0.accountId, accountId) }
        }
    }

    /// The retry timer fired: try every registered, not enrolled account until one enrolls.
    func runRetry() {
        store.mutate { $0.nextRetryAt = nil }
        timers.disarm(.retry)
        let keepGoing = !retryRules.retryStopsOnceEnrolled
        guard store.read({ $0.enrolledAccountId }) == nil || keepGoing else { return }
        let candidates = retryCandidates()
        log.info("enrollment retry for \(candidates.count) account(s)")
        for account in candidates {
            guard connections.isAlive else { return }
            if enroll(account.accountId, origin: .retry, ignoringEnrolledAccount: keepGoing) && !keepGoing { return }
        }
        if keepGoing { scheduleRetryIfNeeded() }
    }

    /// Re-arms the retry a previous runtime left in `state`; an overdue one runs right away. Work queue (launch).
    func resumeRetry(from state: SDKState, now: Date) {
        guard state.enrolledAccountId == nil || !retryRules.retryStopsOnceEnrolled,
              !retryCandidates().isEmpty else { return }
        guard let due = state.nextRetryAt else {
            // Killed between an attempt and its retry being recorded: start the 24 h cycle afresh.
            scheduleRetryIfNeeded()
            return
        }
        if due <= now {
            work.submit("overdue enrollment retry") { [self] in runRetry() }
        } else {
            timers.arm(.retry, at: due) { [self] in runRetry() }
        }
    }
}
