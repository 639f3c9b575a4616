import Foundation

/// The 24-hour enrollment retry (ENR-03, ENR-04) and the 8-hour check-in (ENR-05), with due times
/// persisted so a relaunch resumes them.
extension SDKEngine {
    /// Ensures a retry is pending when no account is enrolled and some registered account is not.
    /// An already pending retry keeps its due time.
    func scheduleRetryIfNeeded() {
        guard isAlive else { return }
        let (enrolled, hasPending, due) = store.read { ($0.enrolledAccountId, !$0.pendingAccounts.isEmpty, $0.nextRetryAt) }
        guard enrolled == nil, hasPending else {
            cancelRetry()
            return
        }
        if due != nil, isArmed(.retry) { return }
        let at = clock.now.addingTimeInterval(Self.retryInterval)
        store.mutate { $0.nextRetryAt = at }
        log.info("enrollment retry scheduled at \(at)")
        arm(.retry, at: at) { [self] in runRetry() }
    }

    /// Stops enrollment retries (an account enrolled, or nothing is left to enroll).
    func cancelRetry() {
        store.mutate { $0.nextRetryAt = nil }
        disarm(.retry)
    }

    /// Schedules the next check-in 8 hours from now while an account is enrolled.
    func scheduleNextCheckIn() {
        guard isAlive, store.read({ $0.enrolledAccountId }) != nil else { return }
        if defect(.noPeriodicCheckIn) {
            store.mutate { $0.nextCheckInAt = nil }
            disarm(.checkIn)
            return
        }
        let at = clock.now.addingTimeInterval(Self.checkInInterval)
        store.mutate { $0.nextCheckInAt = at }
        log.verbose("next check-in scheduled at \(at)")
        arm(.checkIn, at: at) { [self] in runPeriodicCheckIn() }
    }

    /// Re-arms the timers a previous runtime left in the state file; overdue ones run right away.
    func resumeTimers() {
        let state = store.snapshot
        let now = clock.now
        if state.enrolledAccountId != nil {
            if let due = state.nextCheckInAt, !defect(.noPeriodicCheckIn) {
                if due <= now {
                    submit("overdue check-in") { [self] in runPeriodicCheckIn() }
                } else {
                    arm(.checkIn, at: due) { [self] in runPeriodicCheckIn() }
                }
            } else {
                scheduleNextCheckIn()
            }
        } else if !state.pendingAccounts.isEmpty {
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
    }

    /// The retry timer fired: try every registered, not enrolled account until one enrolls.
    func runRetry() {
        store.mutate { $0.nextRetryAt = nil }
        disarm(.retry)
        guard store.read({ $0.enrolledAccountId }) == nil else { return }
        let candidates = store.read { $0.pendingAccounts }
        log.info("enrollment retry for \(candidates.count) account(s)")
        for account in candidates {
            guard isAlive else { return }
            if enroll(account.accountId, origin: .retry) { return }
        }
    }

    func runPeriodicCheckIn() {
        store.mutate { $0.nextCheckInAt = nil }
        disarm(.checkIn)
        checkIn(reason: .periodic)
    }
}
