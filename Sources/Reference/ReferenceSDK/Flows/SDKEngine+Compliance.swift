import Foundation

/// Conditional Access remediation (CA-02, CA-03): `remediateComplianceForAccountId:silent:` is an enrollment of the
/// account (`IntuneMAMComplianceManager.h 21.7.1:52`: "the app must initiate Intune APP enrollment"), after which the
/// service holds a policy applied for it and the token service lets the app's token through; one status reaches the
/// compliance delegate when it is done.
extension SDKEngine {
    /// What one remediation ends with: the status and the localized text the header promises for every status.
    struct ComplianceOutcome: Sendable {
        var status: IntuneMAMComplianceStatus
        var message: String
        var title: String
    }

    /// Queues the remediation; a second call for an account whose remediation has not reported is dropped, as the
    /// header says (21.7.1:57-58).
    func remediateCompliance(_ accountId: String, silent: Bool) {
        guard isAlive else { return }
        let key = accountId.lowercased()
        guard remediations.withLock({ $0.insert(key).inserted }) else {
            log.info("remediateComplianceForAccountId: the remediation of \(accountId) is under way; call dropped")
            return
        }
        log.info("remediating compliance for \(accountId) (silent: \(silent))")
        submit("remediate compliance for \(accountId)", dropped: { [self] in finishRemediation(key) }) { [self] in
            let outcome = remediate(accountId)
            finishRemediation(key)
            reportCompliance(accountId, outcome)
        }
    }

    func remediationInProgress(_ accountId: String) -> Bool {
        remediations.read { $0.contains(accountId.lowercased()) }
    }

    private func finishRemediation(_ key: String) {
        remediations.withLock { _ = $0.remove(key) }
    }

    /// The remediation proper (work queue): an account that enrolled the app is under policy already; any other is
    /// registered and enrolled with a token from the app. A token the app cannot supply needs the user
    /// (`interactionRequired`, the outcome iOS#180 reports for a UPN); an enrollment the service refuses leaves the
    /// account not compliant.
    private func remediate(_ accountId: String) -> ComplianceOutcome {
        let trimmed = accountId.trimmingCharacters(in: .whitespacesAndNewlines)
        guard rules.compliance.remediationEnrolls else {
            return ComplianceOutcome(status: .compliant, message: "\(trimmed) is compliant.", title: "Compliant")
        }
        if let enrolled = store.read({ $0.enrolledAccountId }), sameIdentity(enrolled, trimmed) {
            return ComplianceOutcome(status: .compliant, message: "\(trimmed) is compliant.", title: "Compliant")
        }
        let token: AccessToken
        switch tokens.acquireToken(for: trimmed) {
        case .success(let acquired): token = acquired
        case .failure(let failure):
            log.warning("compliance remediation for \(trimmed) has no token: \(failure.reason)")
            return ComplianceOutcome(
                status: .interactionRequired,
                message: "Sign-in is needed to bring \(trimmed) under your organization's protection policy.",
                title: "Sign-in required")
        }
        enrollment.registerIfNeeded(token.accountId, upn: token.upn)
        let enrolledNow = enrollment.enroll(token.accountId, origin: .registration, token: token)
        if enrolledNow, let enrolled = store.read({ $0.enrolledAccountId }), sameIdentity(enrolled, token.accountId) {
            return ComplianceOutcome(status: .compliant, message: "\(trimmed) is compliant.", title: "Compliant")
        }
        return ComplianceOutcome(
            status: .notCompliant,
            message: "Your organization's protection policy could not be applied to \(trimmed), so its data stays out of reach.",
            title: "Access blocked")
    }

    /// Calls the compliance delegate once with the account the app named (21.7.1:34: "the Entra object ID of the
    /// identity for which compliance remediation was requested").
    private func reportCompliance(_ accountId: String, _ outcome: ComplianceOutcome) {
        log.info("compliance remediation for \(accountId) finished with \(outcome.status.rawValue) (\(outcome.status))")
        guard rules.compliance.reportsStatus else { return }
        guard let delegate = complianceDelegate else { return }
        delegate.accountId(accountId, hasComplianceStatus: outcome.status, withErrorMessage: outcome.message,
                           andErrorTitle: outcome.title)
    }
}
