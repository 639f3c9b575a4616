/// The documented rules of the simulated SDK at every point where a planted defect can break one or another reading
/// of the guides can take it: the named decision points every mutant and every variant goes through.
///
/// The flows ask these rules and never the defect or variant lists, so a flow reads as the behaviour the guides
/// document, and what each ``SDKDefect`` and ``SDKVariant`` changes is written in one place: the group initialisers
/// below. A correct SDK of an edition is `SDKRules(edition:)`. Every defect and every variant turns rules of its
/// own, a variant exactly one (its decision point) to a value no defect gives it; every rule is turned by some
/// defect or variant (`MutantDecisionPointTests`), so none is inert and no rule is a constant.
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
    // issue 27: the app updated in place and reinstalled
    var update: Update
    var reinstall: Reinstall
    var compliance: Compliance
    // issue 27: MDM-managed devices
    var mdm: MDM
    // issue 27: conditional-launch wipe actions
    var conditionalWipe: ConditionalWipe
    // issue 27: a UPN change
    var accountRename: AccountRename

    /// The rules of an SDK of `edition` with `defects` planted and the readings of `variants` taken.
    init(breaking defects: Set<SDKDefect> = [], reading variants: Set<SDKVariant> = [], edition: SDKEdition = .newest) {
        let broken = { (defect: SDKDefect) in defects.contains(defect) }
        let read = { (variant: SDKVariant) in variants.contains(variant) }
        status = Status(broken, read)
        enrollment = Enrollment(broken, read, edition: edition)
        retries = Retries(broken, read)
        restart = Restart(broken)
        telemetry = Telemetry(broken, read)
        signIn = SignIn(broken)
        logging = Logging(broken, read)
        appConfig = AppConfig(broken, read)
        allowedAccounts = AllowedAccounts(broken)
        unenroll = Unenroll(broken, read)
        identity = Identity(broken, read)
        dataTransfer = DataTransfer(broken, read)
        conditionalLaunch = ConditionalLaunch(broken, read)
        update = Update(broken)
        reinstall = Reinstall(broken)
        compliance = Compliance(broken)
        // issue 27: MDM-managed devices
        mdm = MDM(broken)
        // issue 27: conditional-launch wipe actions
        conditionalWipe = ConditionalWipe(broken)
        // issue 27: a UPN change
        accountRename = AccountRename(broken)
    }

    /// Whether a defect is planted; only the group initialisers ask it.
    typealias Broken = (SDKDefect) -> Bool
    /// Whether a variant's reading is taken; only the group initialisers ask it.
    typealias Read = (SDKVariant) -> Bool
}
