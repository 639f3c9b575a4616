/// A piece of SDK UI, reported to ``IntuneMAMPlatform/didShow(_:accountId:)`` whenever it appears.
///
/// The SDK knows nothing of the harness: a bridge maps these to the protocol's `event.ui` kinds.
public enum IntuneMAMShownUI: Sendable, CaseIterable {
    /// "Restart required" dialog after the first policy (restartApplication returned false).
    case restartDialog
    /// "Create a PIN" prompt.
    case pinSetup
    /// "Enter your PIN" prompt.
    case pinEntry
    /// Sign-in prompt (loginAndEnrollAccount, or AutoEnrollOnLaunch + MAMPolicyRequired).
    case signIn
    /// Launch blocked: MAMPolicyRequired and no policy.
    case policyRequired
    /// Launch warning: MAMPolicyWarnAbsent and no policy.
    case policyAbsentWarning
    /// Conditional launch: the device is jailbroken and the policy requires a compliant one (CL-01).
    case jailbreakBlocked
    /// Conditional launch: no check-in for longer than the offline period, and the service cannot be reached (CL-04).
    case offlineBlocked
    /// Conditional launch: Face ID offered for access instead of the PIN (CL-05).
    case faceID
}
