import Foundation

/// Resilience at the end of management: the token a deregistration needs (RES-05) and the acknowledgement of an
/// unenroll the service could not take at once (RES-04).
extension UnenrollFlow {
    /// How long after a failed unenroll acknowledgement the next attempt is due (the reference's reading; the
    /// rules may keep the check-in rhythm instead).
    static let acknowledgementRetryInterval: TimeInterval = 5 * 60
    /// The variant `acknowledgement-retried-late`: no source gives a schedule (000:672), and the resend must still
    /// find the check-in's token (an hour).
    static let lateAcknowledgementRetryInterval: TimeInterval = 45 * 60
    /// Sends of an acknowledgement, the first included, before the SDK gives up and reports the failure (under an
    /// hour of retries, within the life of the token it holds for them).
    static let acknowledgementAttempts = 12
    /// Token requests a deregistration makes before it unenrolls locally only.
    static let deregistrationTokenAttempts = 4

    /// The token to unenroll with. A failed request is asked again, a few times in a row, because a token endpoint
    /// that failed once usually answers the next request, and without a token the service is never told (RES-05).
    /// The attempts are bounded, each a full round trip, so this never spins.
    func tokenForDeregistration(_ accountId: String) -> Result<AccessToken, StatusFailure> {
        var token = tokens.acquireToken(for: accountId)
        var attempts = 1
        while case .failure(let failure) = token, attempts < Self.deregistrationTokenAttempts, connections.isAlive {
            guard rules.waitsForToken else { break }
            log.warning("no token to deregister \(accountId) (attempt \(attempts)): \(failure.reason); asking again")
            token = tokens.acquireToken(for: accountId)
            attempts += 1
        }
        return token
    }

    /// Records an acknowledgement to retry and arms its timer.
    func pendAcknowledgement(_ pending: SDKState.PendingAcknowledgement) {
        store.mutate { $0.pendingAcknowledgement = pending }
        log.info("the service did not take the unenroll of \(pending.accountId); trying again at \(pending.dueAt)")
        scheduleAcknowledgement(at: pending.dueAt)
    }

    /// Re-arms the acknowledgement a previous runtime left in `state`; an overdue one is due at once. Work queue
    /// (launch).
    func resumeAcknowledgement(from state: SDKState) {
        guard let pending = state.pendingAcknowledgement else { return }
        scheduleAcknowledgement(at: pending.dueAt)
    }

    private func scheduleAcknowledgement(at date: Date) {
        timers.arm(.acknowledgement, at: date) { [self] in retryAcknowledgement() }
    }

    /// The acknowledgement timer fired: tell the service again. The wipe already happened and is never repeated
    /// (unless the rule is broken); the unenroll is reported once it settles either way.
    func retryAcknowledgement() {
        timers.disarm(.acknowledgement)
        guard connections.isAlive, var pending = store.read({ $0.pendingAcknowledgement }) else { return }
        if pending.wiped && !rules.wipesOnceAcrossAcknowledgements {
            self.wipe.selectiveWipe(pending.accountId, upn: pending.upn)
        }
        pending.attempts += 1
        let result = service.unenroll(accountId: pending.accountId, deviceTag: pending.deviceTag, token: pending.accessToken)
        guard connections.isAlive else { return }
        switch result {
        case .success:
            store.mutate { $0.pendingAcknowledgement = nil }
            reportUnenroll(pending.accountId, upn: pending.upn, failure: nil)
        case .failure(let failure) where failure.isWorthRetrying && pending.attempts < Self.acknowledgementAttempts:
            pending.dueAt = clock.now.addingTimeInterval(rules.acknowledgementRetryInterval)
            pendAcknowledgement(pending)
        case .failure(let failure):
            store.mutate { $0.pendingAcknowledgement = nil }
            reportUnenroll(pending.accountId, upn: pending.upn, failure: StatusFailure(failure, request: .unenroll, codes: statusRules))
        }
    }
}
