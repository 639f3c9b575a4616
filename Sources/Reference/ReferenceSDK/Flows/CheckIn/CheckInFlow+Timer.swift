import Foundation

/// The 8-hour check-in (ENR-05), with its due time persisted so a relaunch resumes it.
extension CheckInFlow {
    /// Schedules the next check-in `interval` from now (8 hours unless the service said otherwise) while an
    /// account is enrolled.
    func scheduleNextCheckIn(after interval: TimeInterval = CheckInFlow.checkInInterval) {
        guard connections.isAlive, store.read({ $0.enrolledAccountId }) != nil else { return }
        guard retryRules.checksInPeriodically else {
            store.mutate { $0.nextCheckInAt = nil }
            timers.disarm(.checkIn)
            return
        }
        let at = clock.now.addingTimeInterval(interval)
        store.mutate { $0.nextCheckInAt = at }
        log.verbose("next check-in scheduled at \(at)")
        timers.arm(.checkIn, at: at) { [self] in runPeriodicCheckIn() }
    }

    /// Re-arms the check-in a previous runtime left in `state`; an overdue one runs right away. Work queue (launch).
    func resumeCheckIn(from state: SDKState, now: Date) {
        guard state.enrolledAccountId != nil else { return }
        if retryRules.checksInAtLaunch && retryRules.checksInPeriodically {
            // A check-in at every launch is neither required nor forbidden; this SDK makes one, as part of the
            // launch (on the work queue, before it finishes), and it sets the next 8-hour one itself.
            runPeriodicCheckIn()
        } else if let due = state.nextCheckInAt, retryRules.checksInPeriodically {
            if due <= now {
                work.submit("overdue check-in") { [self] in runPeriodicCheckIn() }
            } else {
                timers.arm(.checkIn, at: due) { [self] in runPeriodicCheckIn() }
            }
        } else {
            scheduleNextCheckIn()
        }
    }

    /// The check-in timer fired: check in now; the check-in sets the next one.
    func runPeriodicCheckIn() {
        store.mutate { $0.nextCheckInAt = nil }
        timers.disarm(.checkIn)
        checkIn(reason: .periodic)
    }
}
