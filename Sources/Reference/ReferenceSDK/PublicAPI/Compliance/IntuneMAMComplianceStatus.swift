/// Every `IntuneMAMComplianceStatus` of the iOS headers (the same six values in every release held, 15.4.0 to
/// 21.7.1), same numbers, names without the `IntuneMAMCompliance` prefix, as the Objective-C import spells them.
///
/// The outcome of a Conditional Access remediation (`IntuneMAMComplianceManager.h 21.7.1:7-15`): only
/// `compliant` tells the app to ask for its token again.
public enum IntuneMAMComplianceStatus: UInt, Sendable, CaseIterable, Codable {
    /// The user is compliant: the app may retry its token request.
    case compliant = 0
    /// The user was marked non-compliant; the app should show the supplied localized string.
    case notCompliant = 1
    /// Compliance data could not be read from the Intune service; the app should try again later.
    case serviceFailure = 2
    /// The Intune service could not be reached; the app should try again when the network is back.
    case networkFailure = 3
    /// The remediation needs the user: the app should call again with `silent: false`.
    case interactionRequired = 4
    /// The user cancelled the remediation.
    case userCancelled = 5
}
