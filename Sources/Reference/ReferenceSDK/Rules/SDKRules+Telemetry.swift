extension SDKRules {
    /// Telemetry after enrollment and check-in (ENR-13, ENR-16).
    struct Telemetry: Equatable, Sendable {
        /// When an event's telemetry is uploaded (ENR-16).
        enum Sending: Equatable, Sendable {
            /// Right after the check-in it reports; an enrollment's event with that of the check-in that follows it
            /// (the reference's reading).
            case withFollowingCheckIn
            /// Held, and uploaded in one batch with the next periodic check-in's event (000:496 says when not).
            case batchedAtPeriodicCheckIn
        }

        /// Telemetry is sent unless the app disabled it (ENR-16).
        var sentByDefault: Bool
        /// `MAMTelemetryDisabled` stops it (ENR-13).
        var honoursDisabled: Bool
        /// `MAMTelemetryUsePPE` sends it to the pre-production service (ENR-16).
        var honoursPreProduction: Bool
        var sending: Sending

        init(_ broken: Broken, _ read: Read) {
            sentByDefault = !broken(.telemetryNotSent)
            honoursDisabled = !broken(.telemetryDespiteDisabled)
            honoursPreProduction = !broken(.telemetryPpeIgnored)
            sending = read(.telemetryBatchedUntilPeriodicCheckIn) ? .batchedAtPeriodicCheckIn : .withFollowingCheckIn
        }
    }
}
