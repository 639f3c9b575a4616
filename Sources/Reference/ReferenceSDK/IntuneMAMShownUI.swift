/// A piece of SDK UI, reported to ``IntuneMAMPlatform/didShow(_:accountId:)`` whenever it appears.
///
/// Raw values are the adapter protocol's `event.ui` kinds, so a bridge can forward them unchanged.
public enum IntuneMAMShownUI: String, Sendable, CaseIterable {
    /// "Restart required" dialog after the first policy (restartApplication returned false).
    case restartDialog = "restart-dialog"
    /// "Create a PIN" prompt.
    case pinSetup = "pin-setup"
    /// "Enter your PIN" prompt.
    case pinEntry = "pin-entry"
    /// Sign-in prompt (loginAndEnrollAccount, or AutoEnrollOnLaunch + MAMPolicyRequired).
    case signIn = "sign-in"
    /// Launch blocked: MAMPolicyRequired and no policy.
    case policyRequired = "policy-required"
    /// Launch warning: MAMPolicyWarnAbsent and no policy.
    case policyAbsentWarning = "policy-absent-warning"
}
