/// Targeted app configuration (CFG-01, CFG-04…07): taken from the enrolled account's check-in, announced when it
/// changes, dropped at unenroll, handed out as `appConfig(forAccountId:)`, and logged with the app's scrub list
/// applied (`AppConfigFlow+Logging.swift`).
///
/// A leaf with no state of its own: it is given its rules (app configuration, logging), the SDK version's edition
/// (whether it scrubs at all), the app's `ValuesToScrubFromLogging`, the state (the held configuration, the device
/// channel's values and the run-time scrub list), the app connections (the notification) and the log.
struct AppConfigFlow: Sendable {
    let rules: SDKRules.AppConfig
    let loggingRules: SDKRules.Logging
    let edition: SDKEdition
    /// The app's Info.plist `ValuesToScrubFromLogging`.
    let valuesToScrub: [String]
    let store: SDKStateStore
    let connections: SDKAppConnections
    let log: SDKLog

    /// Keeps the configuration a check-in delivered for the enrolled account (work queue) and posts one
    /// `appConfigDidChange` when it differs from the held one (CFG-04). No configuration held counts as
    /// empty, so a first empty delivery is no change. An answer without `appConfig` leaves it as it is.
    func receive(_ answer: MAMServiceClient.CheckInAnswer, accountId: String) {
        guard let data = answer.appConfig else { return }
        let incoming = HeldAppConfig(accountId: accountId, data: data, version: answer.appConfigVersion)
        let changed = store.mutate { state -> Bool in
            let held = state.appConfig.flatMap { AccountIdentity.same($0.accountId, accountId) ? $0 : nil }
            state.appConfig = incoming
            guard let held else { return !data.isEmpty }
            return held.data != data || held.version != incoming.version
        }
        logDelivery(data, version: answer.appConfigVersion, accountId: accountId)
        if changed { logReceived(data) }
        let notify = !rules.notifiedOnlyWhenChanged || (changed && rules.changeNotified)
        guard notify else { return }
        connections.post(IntuneMAMNotification(name: .appConfigDidChange, accountId: accountId))
    }

    /// The account unenrolled: its configuration is gone (CFG-05).
    func drop(of accountId: String) {
        guard rules.droppedAtUnenroll else { return }
        store.mutate { state in
            if let held = state.appConfig, AccountIdentity.same(held.accountId, accountId) { state.appConfig = nil }
        }
    }

    /// The account's configuration as `appConfig(forAccountId:)` hands it out: its dictionaries and each key's values
    /// in the order this SDK lists them (no edition fixes one).
    func appConfig(for accountId: String?) -> MAMAppConfig {
        var config = MAMAppConfig(fullData: data(for: accountId))
        config.firstValueWins = !rules.conflictsResolvedByQueryType
        config.defaultWins = !rules.targetedBeatsDefault
        config.dictionariesReversed = rules.fullDataOrder == .reverseDeliveryOrder
        config.valuesReversed = rules.allValuesOrder == .reverseDeliveryOrder
        config.conflictsOfStringsOnly = !rules.conflictReportedForEveryType
        return config
    }

    /// The raw configuration of an account: what the MAM service delivered for it, else nothing.
    func data(for accountId: String?) -> [[String: String]] {
        guard let accountId else { return [] }
        let (held, device) = store.read { ($0.appConfig, $0.deviceConfig) }
        if let held, AccountIdentity.same(held.accountId, accountId) { return held.data }
        if !rules.deviceChannelKeptApart, let values = device?.values, !values.isEmpty { return [values] }
        return []
    }
}
