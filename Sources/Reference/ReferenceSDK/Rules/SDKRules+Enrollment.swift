extension SDKRules {
    /// Registration, sign-in and the enrollment outcome (ENR-01, ENR-02, ENR-07, ENR-09–12, IDS-01).
    struct Enrollment: Equatable, Sendable {
        /// What registering an already registered account in another letter case does (ENR-12).
        enum ReRegistration: Equatable, Sendable {
            /// Nothing: the same account is registered already (the reference's reading).
            case ignored
            /// A new enrollment request starts at once (000:261), and ends in enrolled.
            case startsNewRequest
        }

        /// The order `registeredAccountIds()` lists the registered accounts in (ENR-06).
        enum ListOrder: Equatable, Sendable {
            case registrationOrder
            case newestFirst
        }

        /// `registerAndEnrollAccountId` starts the enrollment at once, not at the 24-hour retry (ENR-01).
        var enrollsAtRegistration: Bool
        /// `registerAndEnrollAccountId` returns before the enrollment request is answered (ENR-01).
        var registrationReturnsAtOnce: Bool
        /// `loginAndEnrollAccount(nil)` on a device with a managed user signs that user in (ENR-07).
        var loginTakesDeviceUser: Bool
        /// `loginAndEnrollAccount` without a token prompts for sign-in instead of failing (ENR-07).
        var loginPromptsWithoutToken: Bool
        /// `loginAndEnrollAccount(nil)` prompts (without a hint) instead of giving up (ENR-07).
        var loginPromptsWithoutUPN: Bool
        /// `loginAndEnrollAccount` passes the UPN it was given to the sign-in prompt as the hint (ENR-07).
        var loginPassesHint: Bool
        /// How often `loginAndEnrollAccount` shows its sign-in prompt while the user cancels it: once, the cancel
        /// ends the request (000:321 prompts once; RUN-02: no prompt loop).
        var loginPromptsPerRequest: Int
        /// `loginAndEnrollAccount` uses the token the SDK holds for the account and prompts only without one
        /// (ENR-50, 000:321).
        var loginUsesHeldToken: Bool
        /// The status of an unlicensed account (ENR-02): 200, not 225.
        var unlicensedStatus: IntuneMAMEnrollmentStatusCode
        /// A licensed but untargeted account (225) stays unmanaged (ENR-11).
        var untargetedStaysUnmanaged: Bool
        /// Registration and managed-account bookkeeping compare account IDs ignoring case (ENR-12).
        var accountIdsIgnoreCase: Bool
        /// A second account of the organisation gets status 227 (single managed account mode). Only 17.5.0 and
        /// later have it (IDS-01); before, the account simply stays unmanaged.
        var reportsSingleManagedAccountStatus: Bool
        /// `MAMPolicyRequired` blocks a launch without policy (ENR-09).
        var policyRequiredBlocksLaunch: Bool
        /// `MAMPolicyWarnAbsent` warns at a launch without policy (ENR-10).
        var absentPolicyWarned: Bool
        /// AutoEnrollOnLaunch alone (without `MAMPolicyRequired`) fails silently when it has no token (ENR-09).
        var autoEnrollAloneStaysSilent: Bool
        var reRegistrationInOtherCasing: ReRegistration
        var registeredAccountsOrder: ListOrder
        // issue 27: stronger assertions
        /// `enrolledAccountId()` reads the SDK's state at every call, not the first answer it gave in this process.
        var enrolledAccountReadLive: Bool
        // issue 27: FM-07
        /// A registration enrolls with the token the app supplies and asks the user for nothing (ENR-18).
        var registrationAsksNothing: Bool
        // issue 27: the same account registering again in the same process
        /// An account deregistered in this process registers and enrolls again like a new one (ENR-19).
        var deregisteredAccountRegistersAgain: Bool

        init(_ broken: Broken, _ read: Read, edition: SDKEdition) {
            enrollsAtRegistration = !broken(.enrollmentDeferredToRetry)
            registrationReturnsAtOnce = !broken(.registrationWaitsForEnrollment)
            loginTakesDeviceUser = !broken(.loginIgnoresDeviceUser)
            loginPromptsWithoutToken = !broken(.loginWithoutPrompt)
            loginPromptsWithoutUPN = !broken(.loginWithoutUpnRefused)
            loginPassesHint = !broken(.loginHintDropped)
            loginPromptsPerRequest = broken(.cancelledSignInPromptedAgain) ? 20 : 1
            loginUsesHeldToken = !broken(.loginPromptsDespiteToken)
            unlicensedStatus = broken(.unlicensedReportedAsUntargeted) ? .licensedNotTargeted : .accountNotLicensed
            untargetedStaysUnmanaged = !broken(.untargetedBecomesManaged)
            accountIdsIgnoreCase = !broken(.caseSensitiveIdentities)
            reportsSingleManagedAccountStatus = edition.reportsSingleManagedAccountStatus
                || broken(.singleManagedAccountStatusBeforeItExisted)
            policyRequiredBlocksLaunch = !broken(.policyRequiredNotEnforced)
            absentPolicyWarned = !broken(.absentPolicyNotWarned)
            autoEnrollAloneStaysSilent = !broken(.autoEnrollPromptsWithoutPolicyRequired)
            reRegistrationInOtherCasing = read(.reRegistrationInOtherCasingEnrollsAgain) ? .startsNewRequest : .ignored
            registeredAccountsOrder = read(.registeredAccountsNewestFirst) ? .newestFirst : .registrationOrder
            // issue 27: stronger assertions
            enrolledAccountReadLive = !broken(.enrolledAccountCached)
            // issue 27: FM-07
            registrationAsksNothing = !broken(.registrationPromptsForCredentials)
            // issue 27: the same account registering again in the same process
            deregisteredAccountRegistersAgain = !broken(.reRegistrationIgnoredUntilRelaunch)
        }
    }
}
