import Foundation

/// Deregistration, unenroll and selective wipe (WIP-01…10, ENR-04 resume).
extension SDKEngine {
    /// `deRegisterAndUnenrollAccountId`: blocks the caller until the SDK holds the token the unenroll
    /// needs (WIP-08), or until it is clear none is needed; the rest continues on the work queue.
    /// Called from the work queue itself (inside a delegate callback) it cannot wait and only queues.
    func deregister(_ accountId: String, wipe: Bool) {
        let gate = OneShot<Void>()
        submit("deregister \(accountId)", dropped: { gate.fulfil(()) }) { [self] in
            performDeregister(accountId, wipe: wipe, tokenGate: gate)
        }
        guard !isOnQueue else { return }
        if gate.wait(timeout: configuration.delegateTimeout) == nil {
            log.warning("deRegisterAndUnenrollAccountId(\(accountId)) gave up waiting for a token")
        }
    }

    private func performDeregister(_ accountId: String, wipe: Bool, tokenGate: OneShot<Void>) {
        defer { tokenGate.fulfil(()) }
        let state = store.snapshot
        let enrolledId = state.isEnrolled(accountId) ? state.enrolledAccountId : nil
        guard state.registered(accountId) != nil || enrolledId != nil else {
            log.warning("deRegisterAndUnenrollAccountId: \(accountId) is not registered; call ignored")
            return
        }
        let upn = state.upn(of: accountId)
        store.mutate { state in
            state.registeredAccounts.removeAll { AccountIdentity.same($0.accountId, accountId) }
        }
        log.info("deregistered \(accountId)")
        guard let enrolledId else {
            // Not enrolled: nothing to unenroll or wipe; stop retries if nothing else is pending (WIP-02).
            scheduleRetryIfNeeded()
            dropCachedTokens(for: accountId)
            return
        }
        let token = acquireToken(for: enrolledId)
        tokenGate.fulfil(())
        unenroll(enrolledId, upn: upn, wipe: wipe, token: token)
    }

    /// Unenrolls the enrolled account (work queue): tells the service, drops management locally even if
    /// the service could not be told, wipes on request, reports `unenrollRequest`, resumes retries.
    func unenroll(_ accountId: String, upn: String, wipe: Bool, token: Result<AccessToken, StatusFailure>) {
        guard isAlive else { return }
        var failure: StatusFailure?
        switch token {
        case .success(let token):
            let deviceTag = store.read { $0.deviceTag }
            let result = authorized(token) { bearer in
                service.unenroll(accountId: accountId, deviceTag: deviceTag, token: bearer)
            }
            if case .failure(let serviceFailure) = result {
                failure = StatusFailure(serviceFailure, request: .unenroll)
            }
        case .failure(let tokenFailure):
            failure = tokenFailure
        }
        guard isAlive else { return }
        disarm(.checkIn)
        store.mutate { state in
            state.clearEnrollment()
            state.registeredAccounts.removeAll { AccountIdentity.same($0.accountId, accountId) }
            state.tokenCache.removeAll { AccountIdentity.same($0.accountId, accountId) }
        }
        if wipe { selectiveWipe(accountId) }
        guard isAlive else { return }
        if let failure {
            report(.unenroll, accountId: accountId, upn: upn, code: failure.code, didSucceed: false,
                   reason: "the MAM service could not be told: \(failure.reason); the account was removed locally")
        } else {
            report(.unenroll, accountId: accountId, upn: upn, code: .unenrollmentSuccess, didSucceed: true)
        }
        scheduleRetryIfNeeded()
    }

    /// Calls `wipeData(forAccountId:)` exactly once; when it returns false (or there is no delegate) the
    /// SDK deletes every file owned by the account, and only those (WIP-04, WIP-05, WIP-10).
    private func selectiveWipe(_ accountId: String) {
        log.info("selective wipe of \(accountId)")
        let appWiped = policyDelegate?.wipeData(forAccountId: accountId) ?? false
        guard isAlive else { return }
        let owned = store.read { state in
            state.fileOwners.filter { AccountIdentity.same($0.value, accountId) }.map(\.key).sorted()
        }
        if !appWiped {
            var deleted = 0
            for path in owned where FileManager.default.fileExists(atPath: path) {
                do {
                    try FileManager.default.removeItem(atPath: path)
                    deleted += 1
                } catch {
                    log.error("selective wipe could not delete \(path): \(error)")
                }
            }
            log.info("the app did not wipe everything; the SDK deleted \(deleted) file(s) owned by \(accountId)")
        }
        store.mutate { state in
            for path in owned where !FileManager.default.fileExists(atPath: path) {
                state.fileOwners.removeValue(forKey: path)
            }
        }
    }
}
