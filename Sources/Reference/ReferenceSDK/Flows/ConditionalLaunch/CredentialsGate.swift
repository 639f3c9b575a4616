import Foundation

/// Signing the managed account in again inside conditional launch: when the policy requires work or school
/// credentials for access (CL-02), and to reset a PIN whose attempts are used up (CL-05, for ``PINGate``).
///
/// It is given what a sign-in of conditional launch touches: the conditional-launch rules, the state (the account's
/// UPN), the service client and the sign-in registration (the password grant), the app connections (the prompt), the
/// access recheck it records a passed sign-in in, and the log (the credentials are secrets).
struct CredentialsGate: Sendable {
    /// How a sign-in inside conditional launch ended.
    enum Reauthentication: Equatable {
        case signedIn
        /// The user cancelled the prompt.
        case canceled
        /// The credentials were refused, or named another account.
        case refused
    }

    let rules: SDKRules.ConditionalLaunch
    let store: SDKStateStore
    let service: MAMServiceClient
    let signIn: SDKSignIn
    let connections: SDKAppConnections
    let recheck: AccessRecheck
    let log: SDKLog

    /// Shows the sign-in prompt for `accountId` (hint: its UPN) and checks the credentials with the token
    /// endpoint; only a sign-in of that same account counts.
    func reauthenticate(_ accountId: String) -> Reauthentication {
        guard let platform = connections.platform else { return .canceled }
        let upn = store.read { $0.upn(of: accountId) }
        platform.didShow(.signIn, accountId: accountId)
        guard let credentials = platform.promptSignIn(hint: upn.isEmpty ? nil : upn) else {
            log.info("the user cancelled the sign-in of conditional launch")
            return .canceled
        }
        log.registerSecret(credentials.password)
        guard case .success(let grant) = service.passwordGrant(upn: credentials.upn, password: credentials.password, as: signIn.registration),
              AccountIdentity.same(grant.oid, accountId) else {
            log.warning("the sign-in of conditional launch failed or named another account")
            return .refused
        }
        log.registerSecret(grant.accessToken)
        log.registerSecret(grant.refreshToken)
        return .signedIn
    }

    /// CL-02: with `organizationalCredentialsRequired` the user signs in again before the data shows; nil when
    /// passed (or not required).
    func check(accountId: String, policy: MAMServicePolicy) -> IntuneMAMLaunchBlockReason? {
        guard policy.organizationalCredentialsRequired, rules.asksCredentials else { return nil }
        log.info("the policy requires work or school credentials for access")
        switch reauthenticate(accountId) {
        case .signedIn:
            recheck.passed()
            return nil
        case .canceled, .refused:
            guard rules.cancelledSignInKeepsDataHidden else { return nil }
            return .signInCanceled
        }
    }
}
