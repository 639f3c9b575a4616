extension SDKRules {
    /// The allowed-accounts restriction from the device's managed configuration (ALW-01–04).
    struct AllowedAccounts: Equatable, Sendable {
        /// `IntuneMAMAllowedAccountsOnly` is enabled by "Enabled" in any letter case.
        var enabledValueIgnoresCase: Bool
        /// A changed allowed-accounts list is notified.
        var changeNotified: Bool
        /// Only a change is notified, not every read of the managed configuration.
        var notifiedOnlyWhenChanged: Bool
        // issue 27: stronger assertions
        /// The notification carries the list after the change, as the header says (its object: the allowed UPNs).
        var notificationCarriesNewList: Bool

        init(_ broken: Broken) {
            enabledValueIgnoresCase = !broken(.enabledValueCaseSensitive)
            changeNotified = !broken(.allowedChangeNotNotified)
            notifiedOnlyWhenChanged = !broken(.allowedChangeNotifiedEveryRead)
            // issue 27: stronger assertions
            notificationCarriesNewList = !broken(.allowedAccountsNotifiedWithOldList)
        }
    }
}
