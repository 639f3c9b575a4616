extension SDKRules {
    /// The allowed-accounts restriction from the device's managed configuration (ALW-01–04).
    struct AllowedAccounts: Equatable, Sendable {
        /// `IntuneMAMAllowedAccountsOnly` is enabled by "Enabled" in any letter case.
        var enabledValueIgnoresCase: Bool
        /// A changed allowed-accounts list is notified.
        var changeNotified: Bool
        /// Only a change is notified, not every read of the managed configuration.
        var notifiedOnlyWhenChanged: Bool

        init(_ broken: Broken) {
            enabledValueIgnoresCase = !broken(.enabledValueCaseSensitive)
            changeNotified = !broken(.allowedChangeNotNotified)
            notifiedOnlyWhenChanged = !broken(.allowedChangeNotifiedEveryRead)
        }
    }
}
