/// The status callbacks of the enrollment delegate (ENR-02): one owner for how a status is built (its account, code,
/// error string and error object, by the status rules) and delivered, so every flow that ends a request reports it
/// the same way and none reaches for the delegate itself.
struct SDKStatusReporter: Sendable {
    /// Which status callback a request ends with.
    enum RequestKind: String {
        case enrollment
        case policy
        case unenroll
    }

    let rules: SDKRules.Status
    let store: SDKStateStore
    let connections: SDKAppConnections
    let log: SDKLog

    /// Delivers one status callback (ENR-02) unless the runtime was terminated.
    func report(_ kind: RequestKind, accountId: String, upn: String? = nil, code: IntuneMAMEnrollmentStatusCode,
                didSucceed reported: Bool, reason: String? = nil) {
        let didSucceed = code == .policiesHaveNotChanged ? rules.unchangedPolicySucceeds : reported
        // Every status names the account and, on failure, says why (ENR-02), whichever path built it.
        let detailed = !(kind == .policy && !didSucceed && !rules.failedCheckInHasDetails)
            && !(code == .licensedNotTargeted && !rules.notTargetedHasDetails)
        let identity = rules.namesUPN && detailed ? (upn ?? store.read { $0.upn(of: accountId) }) : ""
        // A failure always says why (ENR-02: status, error string and error object); a success says something
        // only when there is more to tell (a wipe received), unless every status describes its code.
        let described = reason ?? "\(code)"
        let errorString = didSucceed ? (rules.successCarriesErrorString ? described : reason)
            : rules.failureHasErrorString && detailed ? described : nil
        let error = didSucceed ? nil : IntuneMAMEnrollmentError(code: code.rawValue, reason: reason ?? "\(code)")
        let status = IntuneMAMEnrollmentStatus(identity: identity, accountId: accountId, didSucceed: didSucceed,
                                               statusCode: code, errorString: errorString, error: error)
        let detail = reason.map { ": \($0)" } ?? ""
        if didSucceed {
            log.info("\(kind.rawValue) request for \(accountId) finished with \(code.rawValue) (\(code))\(detail)")
        } else {
            log.warning("\(kind.rawValue) request for \(accountId) failed with \(code.rawValue) (\(code))\(detail)")
        }
        guard let delegate = connections.enrollmentDelegate else { return }
        switch kind {
        case .enrollment:
            delegate.enrollmentRequest(with: status)
            if !rules.enrollmentReportedOnce { delegate.enrollmentRequest(with: status) }
        case .policy: delegate.policyRequest(with: status)
        case .unenroll: delegate.unenrollRequest(with: status)
        }
    }
}
