extension SDKRules {
    /// Conditional Access remediation (`IntuneMAMComplianceManager.h 21.7.1:26-69`; CA-02, CA-03).
    struct Compliance: Equatable, Sendable {
        /// The remediation enrolls the account, so the service holds a policy applied for it and the token service
        /// lets the app's token through; it reports compliant only then (CA-03).
        var remediationEnrolls: Bool
        /// Every remediation ends with one status through the compliance delegate (CA-02).
        var reportsStatus: Bool

        init(_ broken: Broken) {
            remediationEnrolls = !broken(.remediationCompliantWithoutPolicy)
            reportsStatus = !broken(.complianceStatusNeverReported)
        }
    }
}
