/// What each variant reads differently, where the guides allow it, and which decision point it turns: for
/// `--list-variants`, the mutation matrix and the requirement coverage report.
///
/// Sources are guide lines as `edition:line` (the Intune guide editions: 000 = 2017, 001 = 2018, 004 = 2019, 003 = 2020,
/// 002 = today), lines of the public SDK header's summary (`spec/intune-sdk-api.md:LINE`), or of the adapter
/// contract (`adapter-protocol.md:LINE`) where the contract leaves the behaviour open.
extension SDKVariant {
    /// The requirement IDs whose cases see this variant's behaviour.
    public var requirementIDs: [String] { catalogEntry.ids }

    /// The line that allows the reading.
    public var source: String { catalogEntry.source }

    /// One line saying what the variant does, for `--list-variants`.
    public var summary: String { catalogEntry.summary }

    /// The one rule of ``SDKRules`` the variant turns, by its path (`unenroll.acknowledgementRetryInterval`).
    /// Variants of one decision point exclude each other.
    public var decisionPoint: String { catalogEntry.rule }

    /// Whether the reading exists on an SDK of this edition.
    public func exists(in edition: SDKEdition) -> Bool {
        switch self {
        case .secondOrganizationAccountSwitchesInUnmanaged: return !edition.refusesSecondOrganizationAccountSwitch
        default: return true
        }
    }

    private var catalogEntry: (ids: [String], source: String, rule: String, summary: String) {
        switch self {
        case .errorStringOnSuccess:
            return (["ENR-02", "WIP-07"], "000:364", "status.successCarriesErrorString",
                    "successful statuses carry an error string too, the description of their status code (the guide: "
                        + "the string describes the status code, success included; the header: debug information)")
        case .serviceErrorsReportedAsInternalError:
            return (["ENR-02", "ENR-03", "RES-03"], "spec/intune-sdk-api.md:142", "status.serviceErrorCode",
                    "a reachable MAM service answering 5xx or 429 is reported as 201 internal-error: the header keeps "
                        + "205 and 212 for an endpoint that cannot be reached")
        case .droppedConnectionReportedAsTimeout:
            return (["ENR-02", "RES-01", "CL-04"], "spec/intune-sdk-api.md:153", "status.transportFailureCode",
                    "a request that got no HTTP answer (connection dropped) is reported as 216 timeout, which the "
                        + "status table allows for any request")
        case .reRegistrationInOtherCasingEnrollsAgain:
            return (["ENR-12"], "000:261", "enrollment.reRegistrationInOtherCasing",
                    "registering the enrolled account again in another letter case starts a new enrollment request at "
                        + "once, which ends in enrolled (one registration, same account)")
        case .registeredAccountsNewestFirst:
            return (["ENR-06"], "000:649", "enrollment.registeredAccountsOrder",
                    "registeredAccountIds lists the newest registration first (the registered accounts are a dictionary)")
        case .throttledCheckInOnEightHourRhythm:
            return (["RES-03"], "000:662", "retries.throttledCheckIn",
                    "a check-in throttled with 429 and Retry-After is tried again on the ordinary 8-hour rhythm")
        case .checkInAtEveryLaunch:
            return (["ENR-02", "ENR-05", "RES-02", "RES-03"], "adapter-protocol.md:222", "retries.checksInAtLaunch",
                    "an enrolled app also checks in at every launch (after a restart too), beside the 8-hour rhythm")
        case .telemetryBatchedUntilPeriodicCheckIn:
            return (["ENR-16"], "000:496", "telemetry.sending",
                    "telemetry events are held and uploaded in one batch with the next periodic check-in's")
        case .launchWithinRecheckPeriodAsksNoPin:
            return (["RST-04", "CL-03", "CL-05"], "000:622", "conditionalLaunch.launchAccessRecheck",
                    "a cold launch within the online recheck period (AccessRecheckOnlineTimeout) asks for no PIN, "
                        + "as a resume does: the guide gives launch and resume the same period")
        case .offlinePeriodOnlyWithAuthentication:
            return (["CL-04"], "000:621", "conditionalLaunch.offlinePeriodNeedsAuthentication",
                    "the offline period blocks only when the policy enables authentication (a PIN or work credentials)")
        case .offlineBlockLiftedByNextCheckIn:
            return (["CL-04"], "000:621", "conditionalLaunch.offlineBlockLifts",
                    "an offline block lifts once a scheduled check-in reaches the service; a resume while blocked does "
                        + "not check in itself")
        case .offlineBlockShownBeforeCheckInReported:
            return (["CL-04"], "000:621", "conditionalLaunch.offlineCheckInReportedBeforeBlock",
                    "past the offline period the block is shown first and the failed check-in is reported after it")
        case .configLoggedInOtherWords:
            return (["CFG-06", "CFG-07"], "002:213", "logging.configLines",
                    "received configuration values are logged in other words (`targeted configuration: Key = value`, "
                        + "verbose `configuration received …`), listed values still masked")
        case .configValuesNotLogged:
            return (["CFG-06", "CFG-07"], "002:213", "logging.configLines",
                    "received configuration values are not logged at all, in verbose mode neither")
        case .appConfigDictionariesInReverseOrder:
            return (["CFG-01", "CFG-02", "CFG-03"], "002:213", "appConfig.fullDataOrder",
                    "fullData lists the configuration's dictionaries in reverse delivery order (the tenant default is "
                        + "marked by __IsDefault, not by its place)")
        case .conflictingValuesInReverseOrder:
            return (["CFG-03"], "002:213", "appConfig.allValuesOrder",
                    "allStrings, allNumbers and allBools list a key's values in reverse delivery order")
        case .acknowledgementRetriedLate:
            return (["RES-04"], "000:672", "unenroll.acknowledgementRetryInterval",
                    "an unenroll acknowledgement the service refused is sent again 45 minutes later, while its token "
                        + "still lasts, not every 5 minutes")
        case .unenrollReportedBeforeWipe:
            return (["WIP-04", "WIP-07", "WIP-11"], "000:664", "unenroll.reportsBeforeWiping",
                    "the unenroll status is reported before the wipe: unenrollRequest first, then wipeData(forAccountId:)")
        case .secondOrganizationAccountSwitchesInUnmanaged:
            return (["IDS-01"], "000:509", "identity.refusesSecondOrganizationAccount",
                    "only with --sdk-version before 15.4.0: a second account of the organisation is an unmanaged user "
                        + "with unrestricted policy, so switching to it succeeds (from 15.4.0 the public header answers "
                        + "NotAllowed)")
        case .dataProtectionNotifiedAtFirstPolicy:
            return (["POL-03"], "adapter-protocol.md:193", "dataTransfer.firstPolicyProtectionNotified",
                    "a first policy that turns file encryption on also posts data-protection-changed")
        }
    }
}
