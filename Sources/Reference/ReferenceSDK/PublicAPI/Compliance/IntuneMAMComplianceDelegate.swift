/// The app's compliance delegate (`IntuneMAMComplianceDelegate`): the outcome of a Conditional Access remediation.
///
/// The real method is optional; here it has a default implementation. Called on the runtime's background work
/// queue (the header: "not guaranteed to be called on the Main thread"), once per remediation, never after the
/// runtime was terminated.
public protocol IntuneMAMComplianceDelegate: AnyObject, Sendable {
    /// `accountId:hasComplianceStatus:withErrorMessage:andErrorTitle:` (`IntuneMAMComplianceManager.h 21.7.1:38`;
    /// `identity:hasComplianceStatus:…` with the UPN before 17.5.0). `errorMessage` and `errorTitle` are localized
    /// text for the app to show when the account is not compliant, empty otherwise.
    func accountId(_ accountId: String, hasComplianceStatus status: IntuneMAMComplianceStatus,
                   withErrorMessage errorMessage: String, andErrorTitle errorTitle: String)
}

extension IntuneMAMComplianceDelegate {
    public func accountId(_ accountId: String, hasComplianceStatus status: IntuneMAMComplianceStatus,
                          withErrorMessage errorMessage: String, andErrorTitle errorTitle: String) {}
}
