/// What the SDK logs of app configuration (CFG-06, CFG-07): the values the app asked to scrub, and the lines a
/// delivery writes.
extension AppConfigFlow {
    /// Tells the log which values the app listed in `ValuesToScrubFromLogging` (CFG-06); at creation, so
    /// every line the SDK emits is masked. An SDK older than the scrub list masks none.
    func registerValuesToScrub() {
        guard edition.scrubsLogValues, loggingRules.scrubsInfoPlistList else { return }
        valuesToScrub.forEach(log.registerScrubbedValue)
        if loggingRules.scrubsRuntimeList {
            store.read { $0.runtimeScrubValues ?? [] }.forEach(log.registerScrubbedValue)
        }
    }

    /// `valuesToScrubFromLogging` set at run time (CFG-07): masked from now on, and kept for later launches.
    func setRuntimeScrubValues(_ values: [String]) {
        store.mutate { $0.runtimeScrubValues = values }
        guard edition.scrubsLogValues, loggingRules.scrubsRuntimeList else { return }
        values.forEach(log.registerScrubbedValue)
    }

    /// The verbose line of a delivery: every key and value, as a verbose line shows them (verbose lines may carry
    /// personal data; the scrub list still applies to them).
    func logDelivery(_ data: [[String: String]], version: String?, accountId: String) {
        switch loggingRules.configLines {
        case .referenceWording:
            log.verbose("check-in delivered app config version \(version ?? "none"): \(Self.verboseText(data))")
        case .otherWording:
            log.verbose("configuration received for \(accountId) (version \(version ?? "none")): \(Self.verboseText(data))")
        case .notLogged:
            break
        }
    }

    /// Logs each received value at info level; the log masks values the app asked to scrub (CFG-06).
    func logReceived(_ data: [[String: String]]) {
        let wording = loggingRules.configLines
        guard wording != .notLogged else { return }
        if data.isEmpty { log.info(wording == .referenceWording ? "app config: none" : "targeted configuration: empty") }
        for dictionary in data {
            for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) where key != MAMAppConfig.defaultMarker {
                log.info(wording == .referenceWording ? "app config \(key)=\(value)" : "targeted configuration: \(key) = \(value)")
            }
        }
    }

    private static func verboseText(_ data: [[String: String]]) -> String {
        data.map { dictionary in
            "{" + dictionary.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ") + "}"
        }.joined(separator: " ")
    }
}
