/// What each planted defect breaks, for `--list-mutants` and the requirement coverage report.
extension SDKDefect {
    /// The requirement IDs (docs: requirements catalog) this defect violates.
    public var requirementIDs: [String] { catalogEntry.ids }

    /// Whether the defect changes anything on an SDK of this edition: a defect in a version-specific behaviour
    /// exists only for the versions that have the behaviour it breaks.
    public func exists(in edition: SDKEdition) -> Bool {
        switch self {
        case .singleManagedAccountStatusBeforeItExisted: return !edition.reportsSingleManagedAccountStatus
        // Before 15.4.0 the guides make a second account of the organisation an unmanaged user whose switch
        // succeeds (000:509): the variant `secondOrganizationAccountSwitchesInUnmanaged`, not a defect.
        case .secondAccountSwitchAllowed: return edition.refusesSecondOrganizationAccountSwitch
        default: return true
        }
    }

    /// One line saying what the defect breaks, for `--list-mutants`: precise enough that a suite author knows
    /// which observation catches it.
    public var summary: String { catalogEntry.summary }

    private var catalogEntry: (ids: [String], summary: String) {
        switch self {
        case .noRestartRequest:
            return (["RST-01"], "the first policy is applied without asking the app to restart (restartApplication never called)")
        case .restartDialogDespiteAppRestart:
            return (["RST-02"], "the SDK shows its restart dialog and relaunches even when restartApplication returned true")
        case .restartOnEveryCheckIn:
            return (["RST-05"], "restartApplication is asked after every successful check-in, not only for the first policy")
        case .pinOnlyAtSetup:
            return (["RST-04"], "after the PIN is set up, later launches show corporate data without asking for the PIN")
        case .restartAfterLaunchEnrollment:
            return (["RST-03"], "a restart is asked even after enrolling at launch with AutoEnrollOnLaunch + MAMPolicyRequired")
        case .enrollmentDeferredToRetry:
            return (["ENR-01"], "registerAndEnrollAccountId registers the account but does not start its enrollment at once: "
                        + "the first attempt is the 24-hour retry")
        case .untargetedBecomesManaged:
            return (["ENR-11"], "a licensed but untargeted account (225) is still recorded as enrolled and managed")
        case .unlicensedReportedAsUntargeted:
            return (["ENR-02"], "an unlicensed account is reported with status 225 (not targeted) instead of 200 (not licensed)")
        case .noPeriodicCheckIn:
            return (["ENR-05", "RST-05"], "the 8-hour policy check-in is never scheduled, so policy changes never arrive")
        case .retryAfterOneHour:
            return (["ENR-03"], "a failed enrollment is retried 1 hour later (and hourly) instead of every 24 hours")
        case .retriesContinueAfterEnrollment:
            return (["ENR-04"], "after one account enrolled, the 24-hour retry keeps re-sending the enrollment of every other "
                        + "registered account to the service (each outcome reported again)")
        case .telemetryDespiteDisabled:
            return (["ENR-13"], "telemetry (POST /telemetry after enrollment and check-in) is sent although MAMTelemetryDisabled is set")
        case .telemetryNotSent:
            return (["ENR-16"], "no telemetry is sent after enrollment or check-in although MAMTelemetryDisabled is not set")
        case .telemetryPpeIgnored:
            return (["ENR-16"], "MAMTelemetryUsePPE is ignored: telemetry goes to the production service (mam.telemetry), "
                        + "not the pre-production one (mam.telemetry-ppe)")
        case .duplicateEnrollmentStatus:
            return (["ENR-02"], "every enrollment outcome is reported twice through enrollmentRequest")
        case .caseSensitiveIdentities:
            return (["ENR-12"], "account IDs compare case-sensitively: registering a registered account in other casing adds a "
                        + "second registration (its enrollment fails 227), and policy queries in other casing answer unmanaged")
        case .policyRequiredNotEnforced:
            return (["ENR-09"], "MAMPolicyRequired does not block a launch without policy: no policy-required UI, the app is ready")
        case .absentPolicyNotWarned:
            return (["ENR-10"], "MAMPolicyWarnAbsent shows no policy-absent warning at a launch without policy")
        case .singleManagedAccountStatusBeforeItExisted:
            return (["IDS-01"], "an SDK older than 17.5.0 reports status 227 for a second account of the organisation, a status only 17.5.0 has")
        case .loginIgnoresDeviceUser:
            return (["ENR-07"], "loginAndEnrollAccount with no UPN on an MDM-managed device asks without a hint instead of signing in the device's managed user")
        case .runtimeOverridesIgnored:
            return (["ENR-15"], "the SDK signs in with the Info.plist registration although the app set aadClientIdOverride and aadAuthorityUriOverride")
        case .runtimeOverridesForgottenAtRestart:
            return (["ENR-15"], "the runtime sign-in overrides are not kept: after a restart the SDK refreshes its token as the Info.plist registration")
        case .clearedOverrideKept:
            return (["ENR-15"], "clearing aadAuthorityUriOverride does nothing: the next account still signs in at the old authority")
        case .infoPlistAuthorityIgnored:
            return (["ENR-15"], "Info.plist ADALAuthority is ignored: the SDK signs in at its default (common) authority")
        case .loginWithoutPrompt:
            return (["ENR-07"], "loginAndEnrollAccount without a token reports auth-required (203) instead of prompting the user to sign in")
        case .autoEnrollPromptsWithoutPolicyRequired:
            return (["ENR-08"], "AutoEnrollOnLaunch without MAMPolicyRequired and without a token prompts for sign-in at launch "
                        + "instead of failing silently")
        case .registrationWaitsForEnrollment:
            return (["ENR-01"], "registerAndEnrollAccountId blocks its caller until the service has answered the enrollment "
                        + "(a slow service freezes the app's sign-in)")
        case .runtimeScrubListIgnored:
            return (["CFG-07"], "valuesToScrubFromLogging set at run time is ignored: only the Info.plist's "
                        + "ValuesToScrubFromLogging is masked, so `app config Key=value` lines show the run-time values")
        case .verboseLinesUnscrubbed:
            return (["CFG-07"], "with VerboseLoggingEnabled, verbose lines (the check-in's app configuration) skip the "
                        + "scrub list and show listed values")
        case .jailbreakIgnored:
            return (["CL-01"], "on a jailbroken device conditional launch lets the managed account's data show although "
                        + "the policy requires a compliant device (deviceComplianceRequired)")
        case .jailbreakBlocksAnyPolicy:
            return (["CL-01"], "a jailbroken device is blocked although the policy does not require a compliant device")
        case .jailbreakReportedAsPinFailure:
            return (["CL-01"], "a jailbroken device's block shows no jailbreak notice and is reported as pin-retries-exceeded")
        case .jailbreakCheckedOnlyOnce:
            return (["CL-01"], "the device is checked at the first conditional launch only: after a restart a jailbroken "
                        + "device shows the managed data")
        case .everyDeviceTakenForJailbroken:
            return (["CL-01"], "every device counts as jailbroken when the policy requires a compliant device: the managed "
                        + "data never shows")
        case .credentialsNotAsked:
            return (["CL-02"], "organizationalCredentialsRequired is ignored: the data shows without a sign-in")
        case .credentialsCancelIgnored:
            return (["CL-02"], "a cancelled sign-in under organizationalCredentialsRequired lets the data show anyway")
        case .pinLimitBlocksWithoutSignIn:
            return (["CL-05"], "when the PIN attempts are used up the data stays blocked (pin-retries-exceeded) without "
                        + "offering a sign-in that resets the PIN")
        case .pinResetKeepsOldPin:
            return (["CL-05"], "after the sign-in that follows used-up PIN attempts the old PIN stays: no new PIN is set up")
        case .accessNeverRechecked:
            return (["CL-03"], "app.resume never asks for the PIN again, even after the online recheck period "
                        + "(periodOnlineBeforeAccessCheck) has passed")
        case .accessRecheckedAtEveryResume:
            return (["CL-03"], "app.resume asks for the PIN every time, also within the online recheck period")
        case .faceIdNeverOffered:
            return (["CL-05"], "Face ID is never offered for access: the PIN is asked even where the policy allows Face ID "
                        + "and the device has it")
        case .faceIdOfferedDespiteBlock:
            return (["CL-05"], "Face ID is offered for access although the policy sets faceIdBlocked")
        case .loginHintDropped:
            return (["ENR-07"], "loginAndEnrollAccount prompts without the UPN it was given as the sign-in hint")
        case .loginWithoutUpnRefused:
            return (["ENR-07"], "loginAndEnrollAccount with no UPN reports a cancelled login instead of asking who signs in")
        case .clipboardUnrestricted:
            return (["IDS-12"], "the clipboard is not restricted: the managed account's copied text pastes into unmanaged apps")
        case .clipboardTaggedWithProcessIdentity:
            return (["IDS-12"], "a copy is tagged with the process identity, not the UI identity it was made under: in a "
                        + "multi-identity app the managed account's text goes out untagged")
        case .pasteInRefused:
            return (["IDS-12"], "managedAppsWithPasteIn refuses paste-in from unmanaged apps, as if it were managedApps")
        case .pasteInFromAnyApp:
            return (["IDS-12"], "managedApps lets text from unmanaged apps paste into the managed account's data")
        case .dispatchDropsThreadIdentity:
            return (["IDS-08"], "work dispatched from a thread runs without that thread's identity: a file it writes belongs "
                        + "to the process identity")
        case .shareSheetUnfiltered:
            return (["POL-09"], "the share sheet is not filtered: WhatsApp and Dropbox are offered for managed data under a "
                        + "managed-apps-only policy")
        case .openInExtensionIgnored:
            return (["POL-09"], "OpenInActionExtension is ignored: under a managed-apps-only policy the share sheet offers "
                        + "no app at all, managed ones neither")
        case .shareSheetAlwaysManagedOnly:
            return (["POL-09"], "the share sheet offers managed apps only, also when the policy lets org data go to all apps")
        case .urlAllowedDespiteRestriction:
            return (["POL-13"], "isURLAllowed answers yes for every URL, also an unmanaged app's scheme when the policy sends "
                        + "org data to managed apps only")
        case .offlinePeriodIgnored:
            return (["CL-04"], "a launch or resume shows the managed data however long the app has not reached the service "
                        + "(periodOfflineBeforeAccessCheck never enforced)")
        case .offlinePeriodNotWaited:
            return (["CL-04"], "a resume after one failed check-in is blocked before the offline period has passed")
        case .offlineCountedFromLastAttempt:
            return (["CL-04"], "the offline period counts from the last check-in attempt, so check-ins that never reach the "
                        + "service keep restarting it and nothing is ever blocked")
        case .offlineBlockNotLifted:
            return (["CL-04"], "an offline block never lifts: the data stays blocked after the service answers again, "
                        + "at a resume and after the scheduled check-ins alike")
        case .offlineCheckedOnlyAtLaunch:
            return (["CL-04"], "the offline period is enforced at launch only; app.resume never checks it")
        case .failedStatusWithoutErrorString:
            return (["ENR-02"], "the status of a failed request carries no error string (errorString nil; only the error "
                        + "object is set)")
        case .statusWithoutUpn:
            return (["ENR-02"], "status callbacks carry an empty UPN beside the account ID")
        case .wipeCallbackSkipped:
            return (["WIP-04"], "deregistering with wipe never calls wipeDataForAccountId and deletes nothing")
        case .wipeCallbackGetsUpn:
            return (["WIP-04", "WIP-10"], "wipeDataForAccountId is called with the account's UPN instead of its account ID")
        case .falseReturnIgnored:
            return (["WIP-05"], "when wipeDataForAccountId returns false the SDK deletes none of the account's files")
        case .wipeDespiteNoWipe:
            return (["WIP-06"], "deregistering with wipe false still calls wipeDataForAccountId (and deletes the files on false)")
        case .retryAfterDeregister:
            return (["WIP-02"], "a deregistered account stays on the retry list: its enrollment is retried every 24 hours")
        case .adminWipeIgnored:
            return (["WIP-09"], "the administrator's wipe command at check-in is treated as an ordinary check-in (no 102, no wipe, no unenroll)")
        case .unenrollNotReported:
            return (["WIP-07"], "the unenroll outcome is never reported through unenrollRequest")
        case .policyKeptAfterUnenroll:
            return (["WIP-03"], "after unenroll the account stays enrolled and managed locally, with its policy and PIN")
        case .registrationKeptAfterDeregister:
            return (["WIP-01"], "deregistration leaves the account in registeredAccountIds (and so in the 24-hour retries)")
        case .enabledValueCaseSensitive:
            return (["ALW-01"], "only the exact value \"Enabled\" of IntuneMAMAllowedAccountsOnly restricts sign-in; "
                        + "\"enabled\" or \"ENABLED\" leave allowedAccounts nil")
        case .allowedChangeNotifiedEveryRead:
            return (["ALW-02"], "the allowed-accounts-changed notification is posted at every read of the managed "
                        + "configuration (each launch, each managedConfigChanged), even when the list did not change")
        case .allowedChangeNotNotified:
            return (["ALW-02"], "the allowed-accounts-changed notification is never posted, so the app misses list changes")
        case .conflictResolvedByFirstValue:
            return (["CFG-03"], "conflicting targeted values resolve to the first one whatever the query type "
                        + "(string/number min and max, bool or and and are ignored)")
        case .defaultConfigWins:
            return (["CFG-02", "CFG-03"], "the tenant default (__IsDefault) dictionary overrides a targeted dictionary "
                        + "setting the same key")
        case .configKeptAfterUnenroll:
            return (["CFG-05"], "after the account unenrolls, appConfig still returns its last configuration")
        case .configChangeNotNotified:
            return (["CFG-04"], "a changed configuration is applied at check-in without posting app-config-changed")
        case .configNotifiedEveryCheckIn:
            return (["CFG-04"], "app-config-changed is posted at every check-in, even when the configuration did not change")
        case .scrubListIgnored:
            return (["CFG-06"], "ValuesToScrubFromLogging is ignored: received configuration values are logged unmasked")
        case .configBeforeEnrollment:
            return (["CFG-01"], "an account without MAM-delivered configuration (not enrolled, untargeted) gets the "
                        + "device channel's managed app configuration from appConfig")
        case .identityComparedCaseSensitively:
            return (["IDS-07"], "setUIPolicyAccountId compares the target with the managed account case-sensitively: the "
                        + "managed account in other letter case counts as a second account of the organisation (not-allowed, "
                        + "2), and hand-offs ask for a switch when owner and UI identity differ only in case")
        case .switchCompletesBeforePin:
            return (["IDS-05"], "setUIPolicyAccountId to the managed account completes with success at once and runs the "
                        + "PIN afterwards: a cancelled PIN still reports success and the data is shown")
        case .emptyIdentityTreatedAsManaged:
            return (["IDS-02", "IDS-11"], "setUIPolicyAccountId(\"\") switches to the managed account: conditional launch "
                        + "(PIN) runs and the UI identity becomes the managed account instead of \"\"")
        case .secondAccountSwitchAllowed:
            return (["IDS-01"], "while one account is managed, switching to another account of the organisation succeeds "
                        + "(no policy) instead of answering not-allowed (2)")
        case .processIdentityNotSet:
            return (["IDS-03"], "a single-identity app gets no process identity: getProcessAccountId stays nil after "
                        + "enrollment (and with it the UI and thread identities)")
        case .multiIdentityStartsManaged:
            return (["IDS-04"], "the MultiIdentity setting is ignored: identities start as the enrolled account and the "
                        + "PIN is asked at launch")
        case .switchRequiredNotAsked:
            return (["IDS-06"], "openURL / importDocument of another identity's item switch the UI identity without "
                        + "asking the app (no identitySwitchRequired question)")
        case .fileOwnerIgnoresThreadIdentity:
            return (["IDS-09"], "new files belong to the process identity even inside a thread-identity scope: in a "
                        + "multi-identity app a file written for the current account has no owner and survives its wipe")
        case .protectEncryptsUnmanaged:
            return (["IDS-10"], "protect encrypts for unmanaged accounts and \"\" too, instead of only tagging the data")
        case .saveToIgnoresAccount:
            return (["POL-01"], "isSaveToAllowed ignores the location's account: OneDrive for Business, SharePoint and "
                        + "account documents of any account count as the managed account's")
        case .openFromIgnoresPolicy:
            return (["POL-02"], "isOpenFromAllowed ignores allowedInboundDataTransferSources: every open location is allowed")
        case .unmanagedQueriesRestricted:
            return (["POL-05"], "policyForAccountId of an unmanaged identity (nil, \"\", another account) returns the "
                        + "managed account's policy, so its save/open queries are restricted")
        case .policyChangeNotNotified:
            return (["POL-04"], "a check-in that changes the held policy posts no policy-changed notification")
        case .encryptionChangeNotNotified:
            return (["POL-03"], "a policy change that turns file encryption on or off posts no data-protection-changed "
                        + "notification")
        case .maxProtectionLevelIgnored:
            return (["POL-06"], "MaxFileProtectionLevel is ignored: fileProtectionLevel is the policy's level uncapped")
        case .noRetryAfterTransportFailure:
            return (["RES-01"], "an enrollment that got no answer at all (dropped connection, timeout) is reported but never retried")
        case .policyDroppedOnFailedCheckIn:
            return (["RES-02"], "a check-in that fails throws the held policy away, so the next one is a first policy again")
        case .retryAfterIgnored:
            return (["RES-03"], "a throttled check-in is tried again after one minute, before its Retry-After has passed")
        case .wipeRepeatedOnAckRetry:
            return (["RES-04"], "each retry of a failed wipe acknowledgement calls wipeDataForAccountId again")
        case .deregisterWithoutToken:
            return (["RES-05"], "deregistration gives up at the first failed token request: the service is never told, unenroll fails")
        // issue 27: stronger assertions
        case .failedCheckInWithoutDetails:
            return (["ENR-02"], "a failed check-in's status carries the account ID and code only: an empty UPN and no error "
                        + "string (as reported in iOS#115, a 201 with no error details)")
        case .notTargetedWithoutDetails:
            return (["ENR-02"], "a not-targeted (225) status carries the account ID and code only: an empty UPN and no error string")
        case .unchangedPolicyReportedFailed:
            return (["ENR-02"], "a check-in that finds the policy unchanged (101) is reported with didSucceed false and an "
                        + "error string, as if it had failed")
        case .wipeCompletedBeforeTheWipe:
            return (["WIP-40"], "IntuneMAMWipeDidCompleteNotification is posted when the wipe starts, before "
                        + "wipeDataForAccountId is asked, not after the wipe finished")
        case .allowedAccountsNotifiedWithOldList:
            return (["ALW-02"], "the allowed-accounts-changed notification carries the list from before the change, "
                        + "not the allowed UPNs after it")
        case .policyChangedAfterFailedCheckIn:
            return (["POL-04"], "a check-in that fails posts policy-changed although no policy arrived and the held one stays")
        case .unmanagedKeepsManagedDataDuties:
            return (["POL-40"], "policyForAccountId of an unmanaged identity is the managed account's policy with only its "
                        + "transfer restrictions lifted: its queries answer allowed, but file encryption, the protection "
                        + "level and the notification policy are the managed account's")
        case .conflictReportedForStringsOnly:
            return (["CFG-03"], "hasConflict is true only for string values: a key whose differing values are all numbers "
                        + "or all booleans reports no conflict")
        case .pinMinimumLengthIgnored:
            return (["CL-40"], "the PIN set-up asks for and accepts a PIN of the SDK's default length (4) whatever the "
                        + "policy's minimumPinLength says")
        case .protectionCappedByNumber:
            return (["POL-06"], "MaxFileProtectionLevel caps by the levels' numbers, not by their strength: a cap of 2 "
                        + "(complete until first authentication) leaves the stronger level 1 (complete unless open) in place")
        case .enrolledAccountCached:
            return (["WIP-03"], "enrolledAccountId keeps the first answer it gave in this process: asked while an account "
                        + "is enrolled, it still names it after the account unenrolled")
        // issue 27: run-wide guards
        case .wipeOnOrdinaryCheckIn:
            return (["RUN-01"], "a scheduled check-in that carries no wipe command still calls wipeDataForAccountId for the "
                + "enrolled account (data wiped with no wipe command, iOS#624, And#305)")
        case .cancelledSignInPromptedAgain:
            return (["RUN-02"], "login-and-enroll shows its sign-in prompt again each time the user cancels it, up to 20 times "
                + "(the sign-in loop of iOS#206, iOS#669)")
        // issue 27: guide gaps
        case .loginPromptsDespiteToken:
            return (["ENR-50"], "loginAndEnrollAccount ignores the token it holds for the account and asks the user to sign in again")
        // issue 27: the app updated in place and reinstalled
        case .enrollmentLostOnUpdate:
            return (["UPG-01"], "the first launch after an in-place update drops the enrollment and the registered accounts "
                + "the previous build left, so the app enrolls its account again from scratch (the update that loses its "
                + "enrollment and connection, iOS#620, intune-app-wrapping-tool-ios#119)")
        case .updateWipesManagedData:
            return (["UPG-01"], "the first launch after an in-place update calls wipeDataForAccountId for the enrolled "
                + "account (the update that wipes data, iOS#624)")
        case .previousInstallRestoredFromKeychain:
            return (["RIN-01"], "after a reinstall the SDK takes the earlier installation's enrollment, policy and PIN back "
                + "from the keychain: the old PIN is asked at launch without any sign-in and another account cannot "
                + "enroll (And#251, iOS#479)")
        case .restartAskedForPreviousInstall:
            return (["RIN-01"], "after a reinstall the SDK finds the earlier installation's policy in the keychain and asks "
                + "the app to restart at the first launch, before any account enrolled (iOS#186, iOS#693)")
        // issue 27: Conditional Access remediation
        case .complianceStatusNeverReported:
            return (["CA-02"], "remediateComplianceForAccountId enrolls the account but never calls the compliance delegate, "
                + "so the app waits for a status that never comes (iOS#528, iOS#393, iOS#666, iOS#483)")
        case .remediationCompliantWithoutPolicy:
            return (["CA-03"], "remediateComplianceForAccountId reports compliant without enrolling the account, so the "
                + "token service still answers protection_policy_required (the loop of iOS#403)")
        // issue 27: the app's own sign-in
        case .registrationPromptsForCredentials:
            return (["ENR-18"], "registerAndEnrollAccountId right after the app's own sign-in shows the SDK's sign-in prompt "
                + "before enrolling with the app's token: a second credential prompt (FM-07: iOS#193, iOS#310, iOS#540)")
        // issue 27: MDM-managed devices
        case .restartUnderMdmPassthrough:
            return (["MDM-01"], "on an MDM-managed device whose managed app configuration carries IntuneMAMUPN/IntuneMAMOID "
                + "the first policy still asks the app to restart, although the hooks run as passthrough there (iOS#561)")
        case .mdmEnrolledUserIgnored:
            return (["MDM-02"], "on an MDM-managed device another account than the one IntuneMAMUPN/IntuneMAMOID name enrolls, "
                + "instead of being refused with 210 (the forced identity ignored: memdocs PR#757, IntuneDocs#1394)")
        case .mdmEnrolledAccountNeverCallsBack:
            return (["MDM-03"], "mdmEnrolledAccountIdWithCompletion never calls its completion on an MDM-managed device, so an app "
                + "waiting for the MDM-enrolled user waits forever (iOS#442)")
        case .mdmEnrolledAccountNamedByUpn:
            return (["MDM-03"], "mdmEnrolledAccountIdWithCompletion names the MDM-enrolled user by the UPN IntuneMAMUPN gives, "
                + "not by the object ID of IntuneMAMOID (the UPN/object-ID mix-up of FM-02; iOS#109)")
        // issue 27: conditional-launch wipe actions
        case .pinLimitWipeActionIgnored:
            return (["CL-06"], "used-up PIN attempts under appActionIfMaximumPinRetriesExceeded = wipe only block until the user "
                + "signs in and sets a new PIN: the account stays signed in and its data stays (iOS#563, iOS#249)")
        case .conditionalWipeRepeatedAfterPinReset:
            return (["CL-06"], "the PIN-attempts wipe is never marked done: after the user signs in again and sets a new PIN, "
                + "the next conditional launch wipes the account again (the wipe loop of iOS#312, iOS#669)")
        case .offlineWipeNeverEnforced:
            return (["CL-06"], "a launch after more than the policy's periodOfflineBeforeWipeIsEnforced without reaching the "
                + "service only blocks the account as the offline access check does: its data stays and it stays signed in "
                + "(the missing offline wipe of FM-08)")
        // issue 27: a UPN change
        case .upnChangeTakenForNewAccount:
            return (["IDN-01"], "when the enrolled account's UPN changes (same object ID), the next check-in takes it for another "
                + "account: the SDK unenrolls and wipes it (FM-21, azure-docs PR#93094: MAM enrollments did not survive a UPN change)")
        // issue 27: periodic events after deregistration
        case .checkInsContinueAfterDeregister:
            return (["WIP-13"], "deregistering the enrolled account leaves its 8-hour check-in running: the SDK keeps checking "
                + "in for the deregistered account and reports each check-in as a policy status (policy keeps arriving "
                + "after logout, And#234)")
        // issue 27: a policy change that newly requires a PIN
        case .pinSettingKeptFromFirstPolicy:
            return (["CL-41"], "the SDK keeps the PIN setting of the first policy until the app is reinstalled: a policy change "
                + "that newly requires a PIN arrives at the check-in and is reported, but no launch asks for a PIN (FM-14: "
                + "iOS#148, And#335)")
        // issue 27: the same account registering again in the same process
        case .reRegistrationIgnoredUntilRelaunch:
            return (["ENR-19"], "an account deregistered in this process that registers again is ignored as if it were still "
                + "registered: the user who signed out and signs in again is not enrolled until the app is relaunched "
                + "(FM-27: iOS#67)")
        // issue 27: file ownership
        case .fileOwnerTakenFromUiIdentity:
            return (["IDS-51"], "a file written while the UI identity is set belongs to the UI identity instead of the writing "
                + "thread's: with the managed account shown, a file written under the thread identity \"\" is the managed "
                + "account's (000:519: the UI identity does not affect file tasks)")
        case .processIdentityOverridesThreadIdentity:
            return (["IDS-51"], "the process identity owns the thread's new files even inside a thread-identity scope: in a "
                + "single-identity app a file written under the thread identity \"\" is the enrolled account's (the thread "
                + "identity overrides the process identity, IntuneMAMPolicyManager.h 17.5.0:102)")
        case .truncateKeepsPreviousOwner:
            return (["IDS-52"], "a file opened in truncate mode keeps its previous owner: truncating the managed account's "
                + "file under the thread identity \"\" leaves it the managed account's (000:538: the owner is established "
                + "when a file is created or opened in truncate mode)")
        // issue 27: the wipe callback's thread
        case .wipeCallbackOnMainThread:
            return (["WIP-05"], "wipeDataForAccountId is called on the app's main thread instead of a background thread "
                + "(000:581, 003:758), where a wipe that takes its time freezes the app")
        case .wipeCallbackNotAwaited:
            return (["WIP-05", "WIP-40"], "the SDK does not wait for wipeDataForAccountId: it deletes the account's files, "
                + "posts wipe-completed and reports the unenroll first, then calls the callback and ignores its answer")
        }
    }
}
