import Foundation

/// The resumption of every timer a previous runtime left in the state file: the engine's orchestration across the
/// flows that own them (the unenroll acknowledgement, the 8-hour check-in, the 24-hour enrollment retry).
extension SDKEngine {
    /// Re-arms the timers a previous runtime left in the state file; overdue ones run right away. Work queue (launch).
    func resumeTimers() {
        let state = store.snapshot
        let now = clock.now
        unenrolls.resumeAcknowledgement(from: state)
        checkIns.resumeCheckIn(from: state, now: now)
        enrollment.resumeRetry(from: state, now: now)
    }
}
