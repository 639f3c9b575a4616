/// A deliberately planted bug in the reference *app* (as opposed to the simulated SDK).
///
/// Some requirements are about how the app uses the SDK; the harness must be able to catch an app that
/// gets the order of calls wrong, so the app has mutants of its own.
public enum AppDefect: String, CaseIterable, Sendable {
    /// Sign-out drops the account and its tokens without calling `deRegisterAndUnenrollAccountId`.
    case signOutWithoutDeregister
    /// Sign-out drops the account's tokens first and deregisters afterwards, so the SDK has no token to
    /// tell the service (WIP-08).
    case tokensDroppedBeforeDeregister
    /// Launch does not register signed-in accounts that `registeredAccountIds()` lacks (ENR-06).
    case missingAccountsNotRegistered
    /// The app compares accounts with the allowed list case-sensitively (ALW-04).
    case allowedAccountsCaseSensitive
    /// The app signs in (and registers) an account outside the allowed list (ALW-03).
    case disallowedSignInAccepted
    /// When the allowed list changes, the app keeps a no longer allowed account signed in (ALW-03).
    case disallowedAccountKeptSignedIn
    /// A multi-identity app shows web content without clearing the UI identity first (IDS-11).
    case webContentKeepsIdentity
    /// The app registers every account it signs in with the SDK, personal ones too (ENR-14).
    case personalAccountRegistered

    /// The requirement IDs this defect violates.
    public var requirementIDs: [String] {
        switch self {
        case .signOutWithoutDeregister: return ["RST-06", "WIP-08"]
        case .tokensDroppedBeforeDeregister: return ["WIP-08"]
        case .missingAccountsNotRegistered: return ["ENR-06"]
        case .allowedAccountsCaseSensitive: return ["ALW-04"]
        case .disallowedSignInAccepted: return ["ALW-03"]
        case .disallowedAccountKeptSignedIn: return ["ALW-03"]
        case .webContentKeepsIdentity: return ["IDS-11"]
        case .personalAccountRegistered: return ["ENR-14"]
        }
    }

    /// One line saying what the defect breaks, for `--list-mutants`.
    public var summary: String {
        switch self {
        case .signOutWithoutDeregister:
            return "sign-out drops the account and its tokens without deregistering it from the SDK first"
        case .tokensDroppedBeforeDeregister:
            return "sign-out drops the account's tokens first and then deregisters: the SDK gets no token, the service is "
                + "never told, and the unenroll is reported with 203 (didSucceed false)"
        case .missingAccountsNotRegistered:
            return "launch does not register signed-in accounts missing from registeredAccountIds"
        case .allowedAccountsCaseSensitive:
            return "the app compares the signing-in UPN and account ID with the allowed list case-sensitively: the "
                + "allowed account typed in other letter case is refused"
        case .disallowedSignInAccepted:
            return "the app signs in and registers an account outside the allowed list (app.signIn is not refused)"
        case .disallowedAccountKeptSignedIn:
            return "when the allowed list changes, a signed-in account that is no longer allowed stays signed in and "
                + "registered"
        case .webContentKeepsIdentity:
            return "a multi-identity app shows arbitrary web content under the current UI identity: no "
                + "setUIPolicyAccountId(\"\") before it and no restore after it"
        case .personalAccountRegistered:
            return "the app registers a personal (consumer) account with the SDK as if it were a work account"
        }
    }
}
