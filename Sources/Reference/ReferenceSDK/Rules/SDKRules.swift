/// The documented rules of the simulated SDK at every point where a planted defect can break one: the named
/// decision points every mutant goes through.
///
/// The flows ask these rules and never the defect list, so a flow reads as the behaviour the guides document,
/// and what each ``SDKDefect`` changes is written in one place: the group initialisers below. A correct SDK of an
/// edition is `SDKRules(edition:)`. Every defect turns at least one rule and no two defects turn the same ones;
/// every rule is turned by some defect (`SDKRulesTests`), so no mutant is inert and no rule is a constant.
struct SDKRules: Equatable, Sendable {
    var status: Status
    var enrollment: Enrollment
    var retries: Retries
    var restart: Restart
    var telemetry: Telemetry
    var signIn: SignIn
    var logging: Logging
    var appConfig: AppConfig
    var allowedAccounts: AllowedAccounts
    var unenroll: Unenroll
    var identity: Identity
    var dataTransfer: DataTransfer
    var conditionalLaunch: ConditionalLaunch

    /// The rules of an SDK of `edition` with `defects` planted.
    init(breaking defects: Set<SDKDefect> = [], edition: SDKEdition = .newest) {
        let broken = { (defect: SDKDefect) in defects.contains(defect) }
        status = Status(broken)
        enrollment = Enrollment(broken, edition: edition)
        retries = Retries(broken)
        restart = Restart(broken)
        telemetry = Telemetry(broken)
        signIn = SignIn(broken)
        logging = Logging(broken)
        appConfig = AppConfig(broken)
        allowedAccounts = AllowedAccounts(broken)
        unenroll = Unenroll(broken)
        identity = Identity(broken)
        dataTransfer = DataTransfer(broken)
        conditionalLaunch = ConditionalLaunch(broken)
    }

    /// Whether a defect is planted; only the group initialisers ask it.
    typealias Broken = (SDKDefect) -> Bool
}
