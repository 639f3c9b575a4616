import ReferenceSDK

/// What the fake app saw the SDK do, in order.
public enum SDKTestEvent: Equatable, Sendable {
    case enrollment(IntuneMAMEnrollmentStatusCode, accountId: String, didSucceed: Bool)
    case policy(IntuneMAMEnrollmentStatusCode, accountId: String, didSucceed: Bool)
    case unenroll(IntuneMAMEnrollmentStatusCode, accountId: String, didSucceed: Bool)
    case restartApplication
    case wipe(String)
    case addAccount(String)
    case ui(IntuneMAMShownUI)
    case restartDialog
    case relaunch
}
