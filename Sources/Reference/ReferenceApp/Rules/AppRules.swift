/// The documented integration rules the reference app follows at every point where a planted app defect can break
/// one or another reading of the guides can take it: the named decision points every app mutant and app variant goes
/// through.
///
/// The app's flows ask these rules and never the defect or variant lists; what each ``AppDefect`` and ``AppVariant``
/// changes is written in one place, the group initialisers. Every defect and variant turns rules of its own (a
/// variant exactly one, to a value no defect gives it), and every rule is turned by one (`MutantDecisionPointTests`),
/// as for the SDK's ``SDKRules``.
struct AppRules: Equatable, Sendable {
    var accounts: Accounts
    var wipe: Wipe
    var dataTransfer: DataTransfer
    var identity: Identity
    var notifications: Notifications
    var fileEncryption: FileEncryption
    var state: State
    var compliance: Compliance
    // issue 27: file provider extensions (EXT)
    var fileProvider: FileProvider

    /// The rules of the reference app with `defects` planted and the readings of `variants` taken.
    init(breaking defects: Set<AppDefect> = [], reading variants: Set<AppVariant> = []) {
        let broken = { (defect: AppDefect) in defects.contains(defect) }
        let read = { (variant: AppVariant) in variants.contains(variant) }
        accounts = Accounts(broken, read)
        wipe = Wipe(broken, read)
        dataTransfer = DataTransfer(broken, read)
        identity = Identity(broken, read)
        notifications = Notifications(broken)
        fileEncryption = FileEncryption(broken, read)
        state = State(read)
        compliance = Compliance(broken, read)
        fileProvider = FileProvider(broken, read)
    }

    /// Whether a defect is planted; only the group initialisers ask it.
    typealias Broken = (AppDefect) -> Bool
    /// Whether a variant's reading is taken; only the group initialisers ask it.
    typealias Read = (AppVariant) -> Bool
}
