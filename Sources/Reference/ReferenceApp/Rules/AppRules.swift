/// The documented integration rules the reference app follows at every point where a planted app defect can break
/// one: the named decision points every app mutant goes through.
///
/// The app's flows ask these rules and never the defect list; what each ``AppDefect`` changes is written in one
/// place, the group initialisers. Every defect turns rules no other defect turns, and every rule is turned by one
/// (`MutantDecisionPointTests`), as for the SDK's ``SDKRules``.
struct AppRules: Equatable, Sendable {
    var accounts: Accounts
    var wipe: Wipe
    var dataTransfer: DataTransfer
    var identity: Identity
    var notifications: Notifications
    var fileEncryption: FileEncryption

    /// The rules of the reference app with `defects` planted.
    init(breaking defects: Set<AppDefect> = []) {
        let broken = { (defect: AppDefect) in defects.contains(defect) }
        accounts = Accounts(broken)
        wipe = Wipe(broken)
        dataTransfer = DataTransfer(broken)
        identity = Identity(broken)
        notifications = Notifications(broken)
        fileEncryption = FileEncryption(broken)
    }

    /// Whether a defect is planted; only the group initialisers ask it.
    typealias Broken = (AppDefect) -> Bool
}
