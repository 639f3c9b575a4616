/// A deliberately planted bug in the reference *app* (as opposed to the simulated SDK).
///
/// Some requirements are about how the app uses the SDK; the harness must be able to catch an app that
/// gets the order of calls wrong, so the app has mutants of its own.
public enum AppDefect: String, CaseIterable, Sendable {
    /// Sign-out drops the account and its tokens without calling `deRegisterAndUnenrollAccountId`.
    case signOutWithoutDeregister

    /// The requirement IDs this defect violates.
    public var requirementIDs: [String] {
        switch self {
        case .signOutWithoutDeregister: return ["RST-06", "WIP-08"]
        }
    }

    /// One line saying what the defect breaks, for `--list-mutants`.
    public var summary: String {
        switch self {
        case .signOutWithoutDeregister:
            return "sign-out drops the account and its tokens without deregistering it from the SDK first"
        }
    }
}
