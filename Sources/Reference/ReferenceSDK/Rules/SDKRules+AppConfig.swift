extension SDKRules {
    /// Targeted app configuration (CFG-01–05).
    struct AppConfig: Equatable, Sendable {
        /// Conflicting values resolve by the query type (min, max, or, and), not to the first value (CFG-02).
        var conflictsResolvedByQueryType: Bool
        /// Targeted dictionaries win over the tenant default (`__IsDefault`) (CFG-03).
        var targetedBeatsDefault: Bool
        /// The configuration goes with the account's unenrollment (CFG-04).
        var droppedAtUnenroll: Bool
        /// A changed configuration is notified (CFG-05).
        var changeNotified: Bool
        /// Only a changed configuration is notified, not every check-in (CFG-05).
        var notifiedOnlyWhenChanged: Bool
        /// Only MAM-delivered configuration is an account's; the device channel's is not (CFG-01).
        var deviceChannelKeptApart: Bool

        init(_ broken: Broken) {
            conflictsResolvedByQueryType = !broken(.conflictResolvedByFirstValue)
            targetedBeatsDefault = !broken(.defaultConfigWins)
            droppedAtUnenroll = !broken(.configKeptAfterUnenroll)
            changeNotified = !broken(.configChangeNotNotified)
            notifiedOnlyWhenChanged = !broken(.configNotifiedEveryCheckIn)
            deviceChannelKeptApart = !broken(.configBeforeEnrollment)
        }
    }
}
