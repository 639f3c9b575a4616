extension SDKRules {
    /// Telemetry after enrollment and check-in (ENR-13, ENR-16).
    struct Telemetry: Equatable, Sendable {
        /// Telemetry is sent unless the app disabled it (ENR-16).
        var sentByDefault: Bool
        /// `MAMTelemetryDisabled` stops it (ENR-13).
        var honoursDisabled: Bool
        /// `MAMTelemetryUsePPE` sends it to the pre-production service (ENR-16).
        var honoursPreProduction: Bool

        init(_ broken: Broken) {
            sentByDefault = !broken(.telemetryNotSent)
            honoursDisabled = !broken(.telemetryDespiteDisabled)
            honoursPreProduction = !broken(.telemetryPpeIgnored)
        }
    }
}
