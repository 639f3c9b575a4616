extension SDKRules {
    /// Conditional launch: the device check, re-authentication, the PIN and the offline period (CL-01–05).
    struct ConditionalLaunch: Equatable, Sendable {
        /// When Face ID is offered for the PIN (CL-05).
        enum FaceID: Equatable, Sendable {
            /// Where the policy allows it (the documented rule).
            case whenPolicyAllows
            case never
            case always
        }

        /// Whether a cold launch asks for the PIN inside the online recheck period (RST-04, CL-03).
        enum LaunchAccessRecheck: Equatable, Sendable {
            /// Every launch asks (the reference's reading).
            case everyLaunch
            /// Only once the period has passed, as at a resume (000:622 gives launch and resume one period).
            case afterPeriod
        }

        /// How an offline block lifts (CL-04).
        enum OfflineBlockLift: Equatable, Sendable {
            /// A resume while blocked checks in, and an answer lifts the block (the reference's reading).
            case checkInAtResume
            /// A scheduled check-in that reaches the service lifts it; a resume does not check in itself.
            case nextScheduledCheckIn
            /// Nothing lifts it, not even check-ins that reach the service again (a defect).
            case never
        }

        /// When coming back to the foreground asks for the PIN again (CL-03).
        enum AccessRecheck: Equatable, Sendable {
            /// Once the policy's recheck period has passed (the documented rule).
            case afterPeriod
            case never
            case everyResume
        }

        /// A jailbroken device is blocked when the policy requires a compliant one (CL-01).
        var blocksJailbrokenDevice: Bool
        /// Only a policy that requires a compliant device blocks a jailbroken one (CL-01).
        var jailbreakBlockNeedsCompliancePolicy: Bool
        /// The jailbreak block is shown as such, not as a PIN failure (CL-01).
        var jailbreakNamedAsSuch: Bool
        /// The device is checked at every conditional launch, not the first only (CL-01).
        var deviceCheckedEveryLaunch: Bool
        /// Only a jailbroken device counts as jailbroken (CL-01).
        var onlyJailbrokenDevicesBlocked: Bool
        /// `organizationalCredentialsRequired` asks for sign-in before the data shows (CL-02).
        var asksCredentials: Bool
        /// A cancelled sign-in keeps the data hidden (CL-02).
        var cancelledSignInKeepsDataHidden: Bool
        /// Used-up PIN attempts offer a sign-in that resets the PIN (CL-04).
        var pinLimitOffersSignIn: Bool
        /// The sign-in after used-up PIN attempts sets up a new PIN (CL-04).
        var pinResetAsksNewPin: Bool
        var accessRecheck: AccessRecheck
        var faceID: FaceID
        /// The offline period (`periodOfflineBeforeAccessCheck`) is enforced (CL-03).
        var enforcesOfflinePeriod: Bool
        /// Failed check-ins block only once the offline period has passed (CL-03).
        var offlineWaitsForPeriod: Bool
        /// The offline period counts from the last answered check-in (CL-03).
        var offlineCountsFromLastAnswer: Bool
        /// How an offline block lifts once the service answers again (CL-04).
        var offlineBlockLifts: OfflineBlockLift
        var launchAccessRecheck: LaunchAccessRecheck
        /// The offline period applies only when the policy enables authentication, a PIN or work credentials (000:621).
        var offlinePeriodNeedsAuthentication: Bool
        /// Past the offline period, the failed check-in is reported before the block shows.
        var offlineCheckInReportedBeforeBlock: Bool
        /// Coming back to the foreground checks the offline period too, not launch only (CL-03).
        var offlineCheckedAtResume: Bool
        // issue 27: stronger assertions
        /// The PIN is set up at the policy's `minimumPinLength`, not at the SDK's default length.
        var pinLengthFromPolicy: Bool
        // issue 27: a policy change that newly requires a PIN
        /// A later policy's PIN setting takes effect like the first one's (CL-41); broken, the first policy's stays.
        var pinFollowsPolicyChanges: Bool

        init(_ broken: Broken, _ read: Read) {
            blocksJailbrokenDevice = !broken(.jailbreakIgnored)
            jailbreakBlockNeedsCompliancePolicy = !broken(.jailbreakBlocksAnyPolicy)
            jailbreakNamedAsSuch = !broken(.jailbreakReportedAsPinFailure)
            deviceCheckedEveryLaunch = !broken(.jailbreakCheckedOnlyOnce)
            onlyJailbrokenDevicesBlocked = !broken(.everyDeviceTakenForJailbroken)
            asksCredentials = !broken(.credentialsNotAsked)
            cancelledSignInKeepsDataHidden = !broken(.credentialsCancelIgnored)
            pinLimitOffersSignIn = !broken(.pinLimitBlocksWithoutSignIn)
            pinResetAsksNewPin = !broken(.pinResetKeepsOldPin)
            accessRecheck = broken(.accessNeverRechecked) ? .never : broken(.accessRecheckedAtEveryResume) ? .everyResume : .afterPeriod
            faceID = broken(.faceIdNeverOffered) ? .never : broken(.faceIdOfferedDespiteBlock) ? .always : .whenPolicyAllows
            enforcesOfflinePeriod = !broken(.offlinePeriodIgnored)
            offlineWaitsForPeriod = !broken(.offlinePeriodNotWaited)
            offlineCountsFromLastAnswer = !broken(.offlineCountedFromLastAttempt)
            offlineBlockLifts = broken(.offlineBlockNotLifted) ? .never
                : read(.offlineBlockLiftedByNextCheckIn) ? .nextScheduledCheckIn : .checkInAtResume
            launchAccessRecheck = read(.launchWithinRecheckPeriodAsksNoPin) ? .afterPeriod : .everyLaunch
            offlinePeriodNeedsAuthentication = read(.offlinePeriodOnlyWithAuthentication)
            offlineCheckInReportedBeforeBlock = !read(.offlineBlockShownBeforeCheckInReported)
            offlineCheckedAtResume = !broken(.offlineCheckedOnlyAtLaunch)
            // issue 27: stronger assertions
            pinLengthFromPolicy = !broken(.pinMinimumLengthIgnored)
            // issue 27: a policy change that newly requires a PIN
            pinFollowsPolicyChanges = !broken(.pinSettingKeptFromFirstPolicy)
        }
    }
}
