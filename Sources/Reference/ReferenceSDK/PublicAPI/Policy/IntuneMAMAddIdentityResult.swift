/// The app's answer to ``IntuneMAMPolicyDelegate/addAccountId(_:completionHandler:)``.
public enum IntuneMAMAddIdentityResult: Int, Sendable {
    case success = 0
    case failed = 1
}
