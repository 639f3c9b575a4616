extension SDKRules {
    /// What the first launch of another build does with the state the previous build left: an update in place
    /// keeps the app's container and keychain, and with them the enrollment (UPG-01).
    struct Update: Equatable, Sendable {
        /// The enrollment, policy and registered accounts another build wrote stay (UPG-01; iOS#620 lost them).
        var keepsEnrollment: Bool
        /// An update is not a wipe: the enrolled account's data stays (UPG-01, RUN-01; iOS#624 wiped it).
        var wipesNothing: Bool

        init(_ broken: Broken) {
            keepsEnrollment = !broken(.enrollmentLostOnUpdate)
            wipesNothing = !broken(.updateWipesManagedData)
        }
    }
}
