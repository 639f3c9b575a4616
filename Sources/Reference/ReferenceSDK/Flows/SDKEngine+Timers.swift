import Foundation

/// The 8-hour check-in (ENR-05), with its due time persisted so a relaunch resumes it, and the resumption of every
/// timer a previous runtime left (the 24-hour enrollment retry is ``EnrollmentFlow``'s).
extension SDKEngine {
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
        enrollment.resumeRetry(from: state, now: now)
    }

    func runPeriodicCheckIn() {
        store.mutate { $0.nextCheckInAt = nil }
        timers.disarm(.checkIn)
        checkIn(reason: .periodic)
    }
}
