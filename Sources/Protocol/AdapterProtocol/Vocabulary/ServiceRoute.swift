/// The backend routes an integration calls, by the names the backend journal shows and suites use for
/// `check_backend: {journal: …}` and `backend: {fault: …}`.
///
/// The mock backend names its routes with these values, so a suite cannot name a route the backend does
/// not journal (a fault that never fires would be a case that silently tests nothing).
public enum ServiceRoute: String, WireEnum {
    /// The MAM service's enrollment (`registerAndEnroll`, retries).
    case mamEnroll = "mam.enroll"
    /// A policy check-in.
    case mamCheckin = "mam.checkin"
    case mamUnenroll = "mam.unenroll"
    case mamTelemetry = "mam.telemetry"
    /// Telemetry to the pre-production service (`MAMTelemetryUsePPE`).
    case mamTelemetryPPE = "mam.telemetry-ppe"
    /// The token endpoint's password grant (sign-in).
    case tokenPassword = "token.password"
    /// The token endpoint's refresh-token grant (the SDK's MAM token).
    case tokenRefresh = "token.refresh"
    /// The simulated operating system's managed app configuration (MDM channel).
    case deviceConfig = "device.config"
}
