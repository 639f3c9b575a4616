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

    /// The requirement IDs this defect violates.
    public var requirementIDs: [String] {
        switch self {
        case .signOutWithoutDeregister: return ["RST-06", "WIP-08"]
        case .tokensDroppedBeforeDeregister: return ["WIP-08"]
        case .missingAccountsNotRegistered: return ["ENR-06"]
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
        }
    }
}
