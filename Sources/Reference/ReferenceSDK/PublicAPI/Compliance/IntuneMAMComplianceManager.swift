/// `IntuneMAMComplianceManager`: remediation of app-protection Conditional Access.
///
/// When the token service refuses the app a token for its own resource with `protection_policy_required`
/// (AADSTS53005/530035), the app calls ``remediateCompliance(forAccountId:silent:)`` and waits for the delegate's
/// status before it asks for the token again (`IntuneMAMComplianceManager.h 21.7.1:52-69`). The remediation is an
/// enrollment of that account: once the service holds a policy applied for it, the token service lets the token
/// through.
public final class IntuneMAMComplianceManager: Sendable {
    let engine: SDKEngine

    init(engine: SDKEngine) {
        self.engine = engine
    }

    /// Receives the status of each remediation. Held strongly until the runtime terminates (the real SDK holds it
    /// weakly; the simulation spares the app keeping its own reference).
    public var delegate: (any IntuneMAMComplianceDelegate)? {
        get { engine.complianceDelegate }
        set { engine.complianceDelegate = newValue }
    }

    /// `remediateComplianceForAccountId:silent:`: enrolls the account (registering it first when the app has not) on
    /// the work queue and reports exactly one status through the delegate. A call for an account whose remediation
    /// is still running is dropped, as the header says; calls for other accounts queue behind it. `silent` false
    /// lets the SDK take UI control for the duration (the simulation needs none: its enrollment asks nothing).
    public func remediateCompliance(forAccountId accountId: String, silent: Bool) {
        engine.compliance.remediate(accountId, silent: silent)
    }

    /// `remediationInProgressForAccountId:`: whether a remediation for the account has not reported yet.
    public func remediationInProgress(forAccountId accountId: String) -> Bool {
        engine.compliance.inProgress(accountId)
    }
}
