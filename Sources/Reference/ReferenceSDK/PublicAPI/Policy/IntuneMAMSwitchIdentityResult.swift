/// The outcome of an identity switch (`IntuneMAMSwitchIdentityResult`, IntuneMAMDefs.h; values as in iOS).
///
/// The app receives it from `setUIPolicyAccountId(_:completionHandler:)` and passes one to the completion of
/// `identitySwitchRequiredForAccountId(_:reason:completionHandler:)`.
public enum IntuneMAMSwitchIdentityResult: Int, Sendable, CaseIterable {
    /// The switch happened (conditional launch, if any, passed) or is allowed.
    case success = 0
    /// The user cancelled conditional launch (PIN, sign-in).
    case canceled = 1
    /// The SDK does not allow the switch now: another account of the managed account's organisation (IDS-01).
    case notAllowed = 2
    /// Any other failure, or the app refuses.
    case failed = 3
}
