import Foundation

/// The 24-hour enrollment retry (ENR-03, ENR-04, WIP-02) and the 8-hour check-in (ENR-05), with due times
/// persisted so a relaunch resumes them.
extension SDKEngine {
    /// Ensures a retry is pending when no account is enrolled and some registered account is not.
    /// An already pending retry keeps its due time.
    func scheduleRetryIfNeeded() {
        guard isAlive else { return }
        let (enrolled, due) = store.read { ($0.enrolledAccountId, $0.nextRetryAt) }
        let hasCandidates = !retryCandidates().isEmpty
        guard enrolled == nil || !rules.retries.retryStopsOnceEnrolled, hasCandidates else {
            cancelRetry()
            return
        }
        if due != nil, timers.isArmed(.retry) { return }
        let at = clock.now.addingTimeInterval(rules.retries.retryInterval)
        store.mutate { $0.nextRetryAt = at }
        log.info("enrollment retry scheduled at \(at)")
        arm(.retry, at: at) { [self] in runRetry() }
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
            if !rules.retries.deregisteredLeaveRetries {
                candidates += (state.staleRetryAccounts ?? []).filter { state.registered($0.accountId) == nil }
            }
            return candidates
        }
    }

    /// True when this deregistered account is still retried because deregistered accounts do not leave the list.
    func isStaleRetryAccount(_ accountId: String) -> Bool {
        guard !rules.retries.deregisteredLeaveRetries else { return false }
        return store.read { state in
            (state.staleRetryAccounts ?? []).contains { AccountIdentity.same($0.accountId, accountId) }
        }
    }

    /// Schedules the next check-in `interval` from now (8 hours unless the service said otherwise) while an
    /// account is enrolled.
    func scheduleNextCheckIn(after interval: TimeInterval = SDKEngine.checkInInterval) {
        guard isAlive, store.read({ $0.enrolledAccountId }) != nil else { return }
        guard rules.retries.checksInPeriodically else {
            store.mutate { $0.nextCheckInAt = nil }
            timers.disarm(.checkIn)
            return
        }
        let at = clock.now.addingTimeInterval(interval)
        store.mutate { $0.nextCheckInAt = at }
        log.verbose("next check-in scheduled at \(at)")
        arm(.checkIn, at: at) { [self] in runPeriodicCheckIn() }
    }

    /// Re-arms the timers a previous runtime left in the state file; overdue ones run right away. Work queue (launch).
    func resumeTimers() {
        let state = store.snapshot
        let now = clock.now
        if state.pendingAcknowledgement != nil {
            scheduleAcknowledgement(at: state.pendingAcknowledgement?.dueAt ?? now)
        }
        if state.enrolledAccountId != nil {
            if rules.retries.checksInAtLaunch && rules.retries.checksInPeriodically {
                // A check-in at every launch is neither required nor forbidden; this SDK makes one, as part of the
                // launch (on the work queue, before it finishes), and it sets the next 8-hour one itself.
                runPeriodicCheckIn()
            } else if let due = state.nextCheckInAt, rules.retries.checksInPeriodically {
                if due <= now {
                    submit("overdue check-in") { [self] in runPeriodicCheckIn() }
                } else {
                    arm(.checkIn, at: due) { [self] in runPeriodicCheckIn() }
                }
            } else {
                scheduleNextCheckIn()
            }
        }
        guard state.enrolledAccountId == nil || !rules.retries.retryStopsOnceEnrolled,
              !retryCandidates().isEmpty else { return }
        guard let due = state.nextRetryAt else {
            // Killed between an attempt and its retry being recorded: start the 24 h cycle afresh.
            scheduleRetryIfNeeded()
            return
        }
        if due <= now {
            submit("overdue enrollment retry") { [self] in runRetry() }
        } else {
            arm(.retry, at: due) { [self] in runRetry() }
        }
    }

    /// The retry timer fired: try every registered, not enrolled account until one enrolls.
    func runRetry() {
        store.mutate { $0.nextRetryAt = nil }
        timers.disarm(.retry)
        let keepGoing = !rules.retries.retryStopsOnceEnrolled
        guard store.read({ $0.enrolledAccountId }) == nil || keepGoing else { return }
        let candidates = retryCandidates()
        log.info("enrollment retry for \(candidates.count) account(s)")
        for account in candidates {
            guard isAlive else { return }
            if enroll(account.accountId, origin: .retry, ignoringEnrolledAccount: keepGoing) && !keepGoing { return }
        }
        if keepGoing { scheduleRetryIfNeeded() }
    }

    func runPeriodicCheckIn() {
        store.mutate { $0.nextCheckInAt = nil }
        timers.disarm(.checkIn)
        checkIn(reason: .periodic)
    }
}
