import Foundation
import Locking

/// Conditional Access remediation (CA-02, CA-03): `remediateComplianceForAccountId:silent:` is an enrollment of the
/// account (`IntuneMAMComplianceManager.h 21.7.1:52`: "the app must initiate Intune APP enrollment"), after which the
/// service holds a policy applied for it and the token service lets the app's token through; one status reaches the
/// compliance delegate when it is done.
///
/// A class, because it owns state: the accounts whose remediation has not reported yet. It is given the compliance
/// rules, the state (the enrolled account), the tokens and the enrollment flow (a remediation enrolls), how accounts
/// are matched, the app connections (the compliance delegate), the work queue and the log.
final class ComplianceFlow: Sendable {
    let rules: SDKRules.Compliance
    let store: SDKStateStore
    let tokens: TokenSource
    let enrollment: EnrollmentFlow
    let accounts: AccountMatching
    let connections: SDKAppConnections
    let work: SDKWorkQueue
    let log: SDKLog
    /// The accounts (lower-cased) whose remediation has not reported yet (CA-02).
    private let remediations = Locked<Set<String>>([])

    /// What one remediation ends with: the status and the localized text the header promises for every status.
    struct Outcome: Sendable {
        var status: IntuneMAMComplianceStatus
        var message: String
        var title: String
    }

    init(rules: SDKRules.Compliance, store: SDKStateStore, tokens: TokenSource, enrollment: EnrollmentFlow,
         accounts: AccountMatching, connections: SDKAppConnections, work: SDKWorkQueue, log: SDKLog) {
        self.rules = rules
        self.store = store
        self.tokens = tokens
        self.enrollment = enrollment
        self.accounts = accounts
        self.connections = connections
        self.work = work
        self.log = log
    }

    /// Queues the remediation; a second call for an account whose remediation has not reported is dropped, as the
    /// header says (21.7.1:57-58).
    func remediate(_ accountId: String, silent: Bool) {
        guard connections.isAlive else { return }
        let key = accountId.lowercased()
        guard remediations.withLock({ $0.insert(key).inserted }) else {
            log.info("remediateComplianceForAccountId: the remediation of \(accountId) is under way; call dropped")
            return
        }
        log.info("remediating compliance for \(accountId) (silent: \(silent))")
        work.submit("remediate compliance for \(accountId)", dropped: { [self] in finish(key) }) { [self] in
            let result = outcome(of: accountId)
            finish(key)
            report(accountId, result)
        }
    }

    /// `remediationInProgressForAccountId:`: whether a remediation for the account has not reported yet.
    func inProgress(_ accountId: String) -> Bool {
        remediations.read { $0.contains(accountId.lowercased()) }
    }

    private func finish(_ key: String) {
        remediations.withLock { _ = $0.remove(key) }
    }

    /// The remediation proper (work queue): an account that enrolled the app is under policy already; any other is
    /// registered and enrolled with a token from the app. A token the app cannot supply needs the user
    /// (`interactionRequired`, the outcome iOS#180 reports for a UPN); an enrollment the service refuses leaves the
    /// account not compliant.
    private func outcome(of accountId: String) -> Outcome {
        let trimmed = accountId.trimmingCharacters(in: .whitespacesAndNewlines)
        guard rules.remediationEnrolls else {
            return Outcome(status: .compliant, message: "\(trimmed) is compliant.", title: "Compliant")
        }
        if let enrolled = store.read({ $0.enrolledAccountId }), accounts.sameIdentity(enrolled, trimmed) {
            return Outcome(status: .compliant, message: "\(trimmed) is compliant.", title: "Compliant")
        }
        let token: AccessToken
        switch tokens.acquireToken(for: trimmed) {
        case .success(let acquired): token = acquired
        case .failure(let failure):
            log.warning("compliance remediation for \(trimmed) has no token: \(failure.reason)")
            return Outcome(
                status: .interactionRequired,
                message: "Sign-in is needed to bring \(trimmed) under your organization's protection policy.",
                title: "Sign-in required")
        }
        enrollment.registerIfNeeded(token.accountId, upn: token.upn)
        let enrolledNow = enrollment.enroll(token.accountId, origin: .registration, token: token)
        if enrolledNow, let enrolled = store.read({ $0.enrolledAccountId }), accounts.sameIdentity(enrolled, token.accountId) {
            return Outcome(status: .compliant, message: "\(trimmed) is compliant.", title: "Compliant")
        }
        return Outcome(
            status: .notCompliant,
            message: "Your organization's protection policy could not be applied to \(trimmed), so its data stays out of reach.",
            title: "Access blocked")
    }

    /// Calls the compliance delegate once with the account the app named (21.7.1:34: "the Entra object ID of the
    /// identity for which compliance remediation was requested").
    private func report(_ accountId: String, _ outcome: Outcome) {
        log.info("compliance remediation for \(accountId) finished with \(outcome.status.rawValue) (\(outcome.status))")
        guard rules.reportsStatus else { return }
        guard let delegate = connections.complianceDelegate else { return }
        delegate.accountId(accountId, hasComplianceStatus: outcome.status, withErrorMessage: outcome.message,
                           andErrorTitle: outcome.title)
    }
}
