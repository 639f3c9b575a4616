extension SDKRules {
    /// Conditional-launch wipe actions (CL-06).
    struct ConditionalWipe: Equatable, Sendable {
        /// Used-up PIN attempts under the action `wipe` wipe the account, rather than block it until a PIN reset
        /// (iOS#563, iOS#249).
        var pinLimitWipes: Bool
        /// A finished conditional-launch wipe is forgotten, so the PIN reset that follows does not wipe again
        /// (iOS#312, iOS#669).
        var forgottenOnceDone: Bool
        /// A launch after more than the policy's `periodOfflineBeforeWipeIsEnforced` without reaching the service
        /// wipes the account (Graph iosManagedAppProtection; FM-08).
        var offlineWipes: Bool

        init(_ broken: Broken) {
            pinLimitWipes = !broken(.pinLimitWipeActionIgnored)
            forgottenOnceDone = !broken(.conditionalWipeRepeatedAfterPinReset)
            offlineWipes = !broken(.offlineWipeNeverEnforced)
        }
    }
}
