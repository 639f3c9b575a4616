/// Another reading of the guides the simulated SDK can take at one of its decision points (a "variant"): the
/// counterpart of ``SDKDefect``.
///
/// A defect breaks a documented rule and the suites must fail it; a variant does what some edition of the guides
/// (or the public header) allows, differently from the reference's own choice, and the suites must pass it. Each
/// turns exactly one rule of ``SDKRules`` to a value no defect gives it, names the guide line that allows it, and
/// never crashes or hangs. Variants of different decision points combine; two of one decision point exclude each
/// other. Requirement IDs, sources and summaries are in `SDKVariant+Catalog.swift`.
public enum SDKVariant: String, CaseIterable, Sendable, Codable {
    // MARK: Status callbacks

    /// Successful statuses carry an error string too: the description of their status code.
    case errorStringOnSuccess
    /// A reachable service that answers 5xx or throttles is reported as 201 internal error, not as the endpoint
    /// failing to connect.
    case serviceErrorsReportedAsInternalError
    /// A request that got no HTTP answer (connection dropped) is reported as 216 timeout.
    case droppedConnectionReportedAsTimeout

    // MARK: Enrollment

    /// Registering a registered account in another letter case starts a new enrollment request at once, which ends
    /// in enrolled again.
    case reRegistrationInOtherCasingEnrollsAgain
    /// `registeredAccountIds()` lists the newest registration first.
    case registeredAccountsNewestFirst

    // MARK: Check-ins, telemetry

    /// A throttled check-in is tried again on the ordinary 8-hour rhythm, whatever its `Retry-After` says.
    case throttledCheckInOnEightHourRhythm
    /// An enrolled app also checks in at every launch, beside the 8-hour rhythm.
    case checkInAtEveryLaunch
    /// Telemetry events are held and uploaded together with the next periodic check-in's.
    case telemetryBatchedUntilPeriodicCheckIn

    // MARK: Conditional launch

    /// A cold launch within the online recheck period asks for no PIN, as a resume does.
    case launchWithinRecheckPeriodAsksNoPin
    /// The offline period blocks only when the policy enables authentication (a PIN or work credentials).
    case offlinePeriodOnlyWithAuthentication
    /// An offline block lifts once a scheduled check-in reaches the service, not by a check-in at resume.
    case offlineBlockLiftedByNextCheckIn
    /// Past the offline period the block shows first and the failed check-in is reported after it.
    case offlineBlockShownBeforeCheckInReported

    // MARK: Logging and app configuration

    /// Received configuration values are logged in other words (`targeted configuration: Key = value`).
    case configLoggedInOtherWords
    /// Received configuration values are not logged at all, in verbose mode neither.
    case configValuesNotLogged
    /// `fullData` lists the configuration's dictionaries in reverse delivery order.
    case appConfigDictionariesInReverseOrder
    /// `allStrings` / `allNumbers` / `allBools` list a key's values in reverse delivery order.
    case conflictingValuesInReverseOrder

    // MARK: Unenroll and wipe

    /// An unenroll acknowledgement the service refused is sent again late in the hour its token lasts, not within
    /// minutes. (Not on the 8-hour check-in rhythm: the wiped account is signed out, so no token would be left to send
    /// it with, and the service would never hear of the wipe.)
    case acknowledgementRetriedLate
    /// The unenroll status is reported before the wipe: `unenrollRequest` first, then `wipeData(forAccountId:)`.
    case unenrollReportedBeforeWipe

    // MARK: Identities and policy

    /// On an SDK older than 17.5.0, a second account of the organisation switches in as an unmanaged account
    /// (success, unrestricted policy). Exists only for versions before 17.5.0.
    case secondOrganizationAccountSwitchesInUnmanaged
    /// The first policy that requires encryption also posts the data-protection-changed notification.
    case dataProtectionNotifiedAtFirstPolicy
}
