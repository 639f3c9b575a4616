extension AppRules {
    /// How the app shows notifications under `notificationPolicy` (POL-11).
    struct Notifications: Equatable, Sendable {
        /// Notifications follow the policy at all.
        var followPolicy: Bool
        /// `blockOrgData` shows a generic notification rather than none.
        var orgDataBlockShowsGeneric: Bool
        /// The policy is read again when it changes, not once at launch.
        var policyReadAgainOnChange: Bool

        init(_ broken: Broken) {
            followPolicy = !broken(.notificationPolicyIgnored)
            orgDataBlockShowsGeneric = !broken(.orgDataBlockHidesNotification)
            policyReadAgainOnChange = !broken(.notificationPolicyReadOnce)
        }
    }
}
