import Foundation

/// Targeted app configuration (CFG-01, CFG-04…06): taken from the enrolled account's check-in, announced when
/// it changes, dropped at unenroll, and logged with the app's scrub list applied.
extension SDKEngine {
    /// Tells the log which values the app listed in `ValuesToScrubFromLogging` (CFG-06); at creation, so
    /// every line the SDK emits is masked. An SDK older than the scrub list masks none.
    func registerValuesToScrub() {
        guard edition.scrubsLogValues, rules.logging.scrubsInfoPlistList else { return }
        configuration.settings.valuesToScrubFromLogging.forEach(log.registerScrubbedValue)
        if rules.logging.scrubsRuntimeList {
            store.read { $0.runtimeScrubValues ?? [] }.forEach(log.registerScrubbedValue)
        }
    }

    /// `valuesToScrubFromLogging` set at run time (CFG-07): masked from now on, and kept for later launches.
    func setRuntimeScrubValues(_ values: [String]) {
        store.mutate { $0.runtimeScrubValues = values }
        guard edition.scrubsLogValues, rules.logging.scrubsRuntimeList else { return }
        values.forEach(log.registerScrubbedValue)
    }

    /// Keeps the configuration a check-in delivered for the enrolled account (work queue) and posts one
    /// `appConfigDidChange` when it differs from the held one (CFG-04). No configuration held counts as
    /// empty, so a first empty delivery is no change. An answer without `appConfig` leaves it as it is.
    func receiveAppConfig(_ answer: MAMServiceClient.CheckInAnswer, accountId: String) {
        guard let data = answer.appConfig else { return }
        let incoming = HeldAppConfig(accountId: accountId, data: data, version: answer.appConfigVersion)
        let changed = store.mutate { state -> Bool in
            let held = state.appConfig.flatMap { AccountIdentity.same($0.accountId, accountId) ? $0 : nil }
            state.appConfig = incoming
            guard let held else { return !data.isEmpty }
            return held.data != data || held.version != incoming.version
        }
        switch rules.logging.configLines {
        case .referenceWording:
            log.verbose("check-in delivered app config version \(answer.appConfigVersion ?? "none"): \(Self.verboseText(data))")
        case .otherWording:
            log.verbose("configuration received for \(accountId) (version \(answer.appConfigVersion ?? "none")): \(Self.verboseText(data))")
        case .notLogged:
            break
        }
        if changed { logReceived(data) }
        let notify = !rules.appConfig.notifiedOnlyWhenChanged || (changed && rules.appConfig.changeNotified)
        guard notify else { return }
        connections.post(IntuneMAMNotification(name: .appConfigDidChange, accountId: accountId))
    }

    /// Logs each received value at info level; the log masks values the app asked to scrub (CFG-06).
    /// Every key and value, as a verbose line shows them (verbose lines may carry personal data; the scrub list
    /// still applies to them).
    private static func verboseText(_ data: [[String: String]]) -> String {
        data.map { dictionary in
            "{" + dictionary.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ") + "}"
        }.joined(separator: " ")
    }

    private func logReceived(_ data: [[String: String]]) {
        let wording = rules.logging.configLines
        guard wording != .notLogged else { return }
        if data.isEmpty { log.info(wording == .referenceWording ? "app config: none" : "targeted configuration: empty") }
        for dictionary in data {
            for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) where key != MAMAppConfig.defaultMarker {
                log.info(wording == .referenceWording ? "app config \(key)=\(value)" : "targeted configuration: \(key) = \(value)")
            }
        }
    }

    /// The account unenrolled: its configuration is gone (CFG-05).
    func dropAppConfig(of accountId: String) {
        guard rules.appConfig.droppedAtUnenroll else { return }
        store.mutate { state in
            if let held = state.appConfig, AccountIdentity.same(held.accountId, accountId) { state.appConfig = nil }
        }
    }

    /// The account's configuration as `appConfig(forAccountId:)` hands it out: its dictionaries and each key's values
    /// in the order this SDK lists them (no edition fixes one).
    func appConfig(for accountId: String?) -> MAMAppConfig {
        var config = MAMAppConfig(fullData: appConfigData(for: accountId))
        config.firstValueWins = !rules.appConfig.conflictsResolvedByQueryType
        config.defaultWins = !rules.appConfig.targetedBeatsDefault
        config.dictionariesReversed = rules.appConfig.fullDataOrder == .reverseDeliveryOrder
        config.valuesReversed = rules.appConfig.allValuesOrder == .reverseDeliveryOrder
        config.conflictsOfStringsOnly = !rules.appConfig.conflictReportedForEveryType
        return config
    }

    /// The raw configuration of an account: what the MAM service delivered for it, else nothing.
    func appConfigData(for accountId: String?) -> [[String: String]] {
        guard let accountId else { return [] }
        let (held, device) = store.read { ($0.appConfig, $0.deviceConfig) }
        if let held, AccountIdentity.same(held.accountId, accountId) { return held.data }
        if !rules.appConfig.deviceChannelKeptApart, let values = device?.values, !values.isEmpty { return [values] }
        return []
    }
}
