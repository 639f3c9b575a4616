/// A deliberately planted bug in the simulated SDK (a "mutant").
///
/// The harness must prove it can fail: a suite run against the reference integration with one defect
/// switched on has to report the requirement the defect breaks. Each case breaks exactly one documented
/// behavioural rule and never crashes or hangs; it is active only when listed in
/// ``IntuneMAMRuntimeConfiguration/defects``.
public enum SDKDefect: String, CaseIterable, Sendable, Codable {
    /// The first policy is applied without calling `restartApplication`.
    case noRestartRequest
    /// The restart dialog is shown (and the app relaunched) although `restartApplication` returned true.
    case restartDialogDespiteAppRestart
    /// `restartApplication` is asked after every successful check-in, not only for the first policy.
    case restartOnEveryCheckIn
    /// Once a PIN is set up, later launches no longer ask for it.
    case pinOnlyAtSetup
    /// A not-targeted (225) account is still recorded as enrolled and managed.
    case untargetedBecomesManaged
    /// An unlicensed account is reported with 225 (not targeted) instead of 200 (not licensed).
    case unlicensedReportedAsUntargeted
    /// A restart is asked even after enrolling at launch with AutoEnrollOnLaunch + MAMPolicyRequired.
    case restartAfterLaunchEnrollment
    /// The 8-hour policy check-in is never scheduled.
    case noPeriodicCheckIn

    /// The requirement IDs (docs: requirements catalog) this defect violates.
    public var requirementIDs: [String] {
        switch self {
        case .noRestartRequest: return ["RST-01"]
        case .restartDialogDespiteAppRestart: return ["RST-02"]
        case .restartOnEveryCheckIn: return ["RST-05"]
        case .pinOnlyAtSetup: return ["RST-04"]
        case .untargetedBecomesManaged: return ["ENR-11"]
        case .unlicensedReportedAsUntargeted: return ["ENR-02"]
        case .restartAfterLaunchEnrollment: return ["RST-03"]
        case .noPeriodicCheckIn: return ["ENR-05", "RST-05"]
        }
    }

    /// One line saying what the defect breaks, for `--list-mutants`.
    public var summary: String {
        switch self {
        case .noRestartRequest:
            return "the first policy is applied without asking the app to restart (restartApplication never called)"
        case .restartDialogDespiteAppRestart:
            return "the SDK shows its restart dialog and relaunches even when restartApplication returned true"
        case .restartOnEveryCheckIn:
            return "restartApplication is asked after every successful check-in, not only for the first policy"
        case .pinOnlyAtSetup:
            return "after the PIN is set up, later launches show corporate data without asking for the PIN"
        case .untargetedBecomesManaged:
            return "a licensed but untargeted account (225) is still recorded as enrolled and managed"
        case .unlicensedReportedAsUntargeted:
            return "an unlicensed account is reported with status 225 (not targeted) instead of 200 (not licensed)"
        case .restartAfterLaunchEnrollment:
            return "a restart is asked even after enrolling at launch with AutoEnrollOnLaunch + MAMPolicyRequired"
        case .noPeriodicCheckIn:
            return "the 8-hour policy check-in is never scheduled, so policy changes never arrive"
        }
    }
}
