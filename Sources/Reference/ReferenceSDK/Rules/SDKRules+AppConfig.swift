extension SDKRules {
    /// Targeted app configuration (CFG-01–05).
    struct AppConfig: Equatable, Sendable {
        /// The order a list of the configuration is handed out in (no edition fixes one).
        enum ListOrder: Equatable, Sendable {
            case deliveryOrder
            case reverseDeliveryOrder
        }

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
        /// The order of `fullData`'s dictionaries.
        var fullDataOrder: ListOrder
        /// The order of a key's values in `allStrings`, `allNumbers`, `allBools`.
        var allValuesOrder: ListOrder
        // issue 27: stronger assertions
        /// A key with differing values reports a conflict whatever the values' type, numbers and booleans too.
        var conflictReportedForEveryType: Bool

        init(_ broken: Broken, _ read: Read) {
            conflictsResolvedByQueryType = !broken(.conflictResolvedByFirstValue)
            targetedBeatsDefault = !broken(.defaultConfigWins)
            droppedAtUnenroll = !broken(.configKeptAfterUnenroll)
            changeNotified = !broken(.configChangeNotNotified)
            notifiedOnlyWhenChanged = !broken(.configNotifiedEveryCheckIn)
            deviceChannelKeptApart = !broken(.configBeforeEnrollment)
            fullDataOrder = read(.appConfigDictionariesInReverseOrder) ? .reverseDeliveryOrder : .deliveryOrder
            allValuesOrder = read(.conflictingValuesInReverseOrder) ? .reverseDeliveryOrder : .deliveryOrder
            // issue 27: stronger assertions
            conflictReportedForEveryType = !broken(.conflictReportedForStringsOnly)
        }
    }
}
