/// A deliberately planted bug in the simulated SDK (a "mutant").
///
/// The harness must prove it can fail: a suite run against the reference integration with one defect
/// switched on has to report the requirement the defect breaks. Each case breaks exactly one documented
/// behavioural rule and never crashes or hangs; it is active only when listed in
/// ``IntuneMAMRuntimeConfiguration/defects``. Requirement IDs and summaries are in `SDKDefect+Catalog.swift`.
public enum SDKDefect: String, CaseIterable, Sendable, Codable {
    // MARK: First policy and restart (RST)

    /// The first policy is applied without calling `restartApplication`.
    case noRestartRequest
    /// The restart dialog is shown (and the app relaunched) although `restartApplication` returned true.
    case restartDialogDespiteAppRestart
    /// `restartApplication` is asked after every successful check-in, not only for the first policy.
    case restartOnEveryCheckIn
    /// Once a PIN is set up, later launches no longer ask for it.
    case pinOnlyAtSetup
    /// A restart is asked even after enrolling at launch with AutoEnrollOnLaunch + MAMPolicyRequired.
    case restartAfterLaunchEnrollment

    // MARK: Enrollment (ENR)

    /// `registerAndEnrollAccountId` registers but leaves the enrollment to the 24-hour retry.
    case enrollmentDeferredToRetry
    /// A not-targeted (225) account is still recorded as enrolled and managed.
    case untargetedBecomesManaged
    /// An unlicensed account is reported with 225 (not targeted) instead of 200 (not licensed).
    case unlicensedReportedAsUntargeted
    /// The 8-hour policy check-in is never scheduled.
    case noPeriodicCheckIn
    /// A failed enrollment is retried after one hour instead of 24.
    case retryAfterOneHour
    /// The 24-hour retry keeps running after an account enrolled and re-sends the other accounts' enrollments.
    case retriesContinueAfterEnrollment
    /// Telemetry is sent although `MAMTelemetryDisabled` is set.
    case telemetryDespiteDisabled
    /// No telemetry is sent at all, although nothing disabled it.
    case telemetryNotSent
    /// `MAMTelemetryUsePPE` is ignored: telemetry goes to the production service.
    case telemetryPpeIgnored
    /// Every enrollment outcome is delivered twice to `enrollmentRequest`.
    case duplicateEnrollmentStatus
    /// Registration and managed-account checks compare account IDs case-sensitively.
    case caseSensitiveIdentities
    /// `MAMPolicyRequired` does not block a launch without policy.
    case policyRequiredNotEnforced
    /// `MAMPolicyWarnAbsent` shows no warning at a launch without policy.
    case absentPolicyNotWarned
    /// `loginAndEnrollAccount` without a token fails with 203 instead of prompting.
    case loginWithoutPrompt
    /// AutoEnrollOnLaunch alone prompts for sign-in when it has no token instead of failing silently.
    case autoEnrollPromptsWithoutPolicyRequired
    /// The runtime sign-in overrides (`aadClientIdOverride`, `aadAuthorityUriOverride`) are ignored: the SDK signs in
    /// with the Info.plist registration.
    case runtimeOverridesIgnored
    /// The runtime sign-in overrides are held in memory only, so a restart forgets them.
    case runtimeOverridesForgottenAtRestart
    /// Setting an override to nil does not clear it: the SDK goes on signing in with the old value.
    case clearedOverrideKept
    /// Info.plist `ADALAuthority` is ignored: the SDK signs in at its default authority.
    case infoPlistAuthorityIgnored
    /// An SDK older than 17.5.0 reports status 227 for a second account of the organisation, which only 17.5.0
    /// introduced (the account should simply stay unmanaged). Exists only for versions before 17.5.0.
    case singleManagedAccountStatusBeforeItExisted
    /// `loginAndEnrollAccount(nil)` on a device with a managed user asks who signs in instead of signing in that user.
    case loginIgnoresDeviceUser
    /// `registerAndEnrollAccountId` returns only once the enrollment request has been answered.
    case registrationWaitsForEnrollment
    /// `valuesToScrubFromLogging` set at run time is ignored (only the Info.plist list is scrubbed).
    case runtimeScrubListIgnored
    /// With `VerboseLoggingEnabled`, verbose lines skip the scrub list.
    case verboseLinesUnscrubbed
    /// Conditional launch ignores a jailbroken device although the policy requires a compliant one.
    case jailbreakIgnored
    /// A jailbroken device is blocked whatever the policy says, also without `deviceComplianceRequired`.
    case jailbreakBlocksAnyPolicy
    /// The block of a jailbroken device is shown as a PIN failure (no jailbreak notice, reason pin-retries-exceeded).
    case jailbreakReportedAsPinFailure
    /// The device is checked at the first conditional launch only; later launches skip the check.
    case jailbreakCheckedOnlyOnce
    /// Every device counts as jailbroken when the policy requires a compliant one (the check fails closed).
    case everyDeviceTakenForJailbroken
    /// `organizationalCredentialsRequired` is ignored: no sign-in before the data shows.
    case credentialsNotAsked
    /// A cancelled sign-in under `organizationalCredentialsRequired` lets the data show anyway.
    case credentialsCancelIgnored
    /// Used-up PIN attempts block the data for good: no sign-in to reset the PIN is offered.
    case pinLimitBlocksWithoutSignIn
    /// After the sign-in that follows used-up PIN attempts, the old PIN stays (no new PIN is set up).
    case pinResetKeepsOldPin
    /// Coming back to the foreground never asks for the PIN again, however long the app was away.
    case accessNeverRechecked
    /// Coming back to the foreground asks for the PIN every time, even within the recheck period.
    case accessRecheckedAtEveryResume
    /// Face ID is never offered, even where the policy allows it and the device has it (CL-05).
    case faceIdNeverOffered
    /// Face ID is offered although the policy blocks it (`faceIdBlocked`) (CL-05).
    case faceIdOfferedDespiteBlock
    /// `loginAndEnrollAccount` prompts without the UPN it was given as the hint (ENR-07).
    case loginHintDropped
    /// `loginAndEnrollAccount(nil)` gives up without prompting, as if the user had cancelled (ENR-07).
    case loginWithoutUpnRefused
    /// The clipboard is not restricted: every copy may be pasted anywhere (IDS-12).
    case clipboardUnrestricted
    /// A copy is tagged with the process identity instead of the UI identity it was made under (IDS-12).
    case clipboardTaggedWithProcessIdentity
    /// `managedAppsWithPasteIn` refuses paste-in from unmanaged apps, like `managedApps` (IDS-12).
    case pasteInRefused
    /// `managedApps` lets text from unmanaged apps paste in, like `managedAppsWithPasteIn` (IDS-12).
    case pasteInFromAnyApp
    /// Work the app dispatches runs without the dispatching thread's identity (IDS-08).
    case dispatchDropsThreadIdentity
    /// The share sheet is not filtered: unmanaged apps are offered under a managed-apps-only policy.
    case shareSheetUnfiltered
    /// `OpenInActionExtension` is ignored: under a managed-apps-only policy the share sheet offers nothing.
    case openInExtensionIgnored
    /// The share sheet offers managed apps only, also when the policy lets org data go to all apps.
    case shareSheetAlwaysManagedOnly
    /// `isURLAllowed` answers yes for every URL, also an unmanaged app's scheme under a managed-apps-only policy.
    case urlAllowedDespiteRestriction
    /// The offline period (`periodOfflineBeforeAccessCheck`) is never enforced: the data shows however long the
    /// app has not reached the service.
    case offlinePeriodIgnored
    /// Any failed check-in blocks the next launch or resume, before the offline period has passed.
    case offlinePeriodNotWaited
    /// The offline period counts from the last check-in attempt, answered or not, so failing check-ins restart it.
    case offlineCountedFromLastAttempt
    /// Once blocked for being offline, the data stays blocked, whatever check-in reaches the service afterwards.
    case offlineBlockNotLifted
    /// The offline period is enforced at launch only; coming back to the foreground skips it.
    case offlineCheckedOnlyAtLaunch
    /// A failed request's status carries no error string (the error object alone says why).
    case failedStatusWithoutErrorString
    /// Status callbacks carry an empty UPN (`identity`) beside the account ID.
    case statusWithoutUpn

    // MARK: Deregistration and wipe (WIP)

    /// Deregistering with wipe neither calls `wipeData(forAccountId:)` nor deletes anything.
    case wipeCallbackSkipped
    /// `wipeData(forAccountId:)` is called with the account's UPN instead of its account ID.
    case wipeCallbackGetsUpn
    /// When `wipeData(forAccountId:)` returns false the SDK deletes nothing.
    case falseReturnIgnored
    /// Deregistering with `wipe: false` still wipes (calls `wipeData(forAccountId:)`).
    case wipeDespiteNoWipe
    /// A deregistered account stays on the retry list and keeps being retried every 24 hours.
    case retryAfterDeregister
    /// The administrator's wipe command at check-in is treated as an ordinary check-in.
    case adminWipeIgnored
    /// The unenroll outcome is never delivered to `unenrollRequest`.
    case unenrollNotReported
    /// After unenroll the account stays enrolled and managed locally, with its policy (and PIN).
    case policyKeptAfterUnenroll
    /// Deregistration does not remove the account from `registeredAccountIds()`.
    case registrationKeptAfterDeregister

    // MARK: Allowed accounts (ALW)

    /// Only the exact spelling "Enabled" of `IntuneMAMAllowedAccountsOnly` turns the restriction on.
    case enabledValueCaseSensitive
    /// The allowed-accounts notification is posted at every read of the managed configuration, changed or not.
    case allowedChangeNotifiedEveryRead
    /// The allowed-accounts notification is never posted.
    case allowedChangeNotNotified

    // MARK: Targeted app configuration (CFG)

    /// Conflicting values resolve to the first one, whatever the query type (min, max, or, and).
    case conflictResolvedByFirstValue
    /// The tenant default (`__IsDefault`) dictionary overrides targeted dictionaries.
    case defaultConfigWins
    /// The configuration stays readable after the account unenrolled.
    case configKeptAfterUnenroll
    /// No app-config-changed notification is posted when the configuration changes.
    case configChangeNotNotified
    /// The app-config-changed notification is posted at every check-in, changed or not.
    case configNotifiedEveryCheckIn
    /// `ValuesToScrubFromLogging` is ignored: configuration values reach the log unmasked.
    case scrubListIgnored
    /// Accounts without MAM-delivered configuration get the device channel's configuration.
    case configBeforeEnrollment

    // MARK: Identities (IDS)

    /// Identity switches compare the target with the managed account case-sensitively.
    case identityComparedCaseSensitively
    /// `setUIPolicyAccountId` completes with success before conditional launch ran.
    case switchCompletesBeforePin
    /// `setUIPolicyAccountId("")` switches to the managed (primary) account.
    case emptyIdentityTreatedAsManaged
    /// A second account of the managed account's organisation may become the UI identity.
    case secondAccountSwitchAllowed
    /// Single-identity apps get no process identity.
    case processIdentityNotSet
    /// The `MultiIdentity` setting is ignored: identities start as the enrolled account.
    case multiIdentityStartsManaged
    /// URL and document hand-offs switch the identity without asking the app.
    case switchRequiredNotAsked
    /// New files belong to the process identity even inside a thread-identity scope.
    case fileOwnerIgnoresThreadIdentity
    /// `protect` encrypts for unmanaged accounts too.
    case protectEncryptsUnmanaged

    // MARK: Policy queries (POL)

    /// Save-to ignores the location's account (any account's documents count as the managed account's).
    case saveToIgnoresAccount
    /// Open-from ignores `allowedInboundDataTransferSources`.
    case openFromIgnoresPolicy
    /// Unmanaged identities get the managed account's policy.
    case unmanagedQueriesRestricted
    /// No policy-changed notification when a check-in changes the policy.
    case policyChangeNotNotified
    /// No data-protection-changed notification when file encryption changes.
    case encryptionChangeNotNotified
    /// `MaxFileProtectionLevel` does not cap the policy's protection level.
    case maxProtectionLevelIgnored

    // MARK: Resilience (RES)

    /// A failed enrollment that got no HTTP answer at all (connection dropped, timeout) is never retried.
    case noRetryAfterTransportFailure
    /// A failed check-in throws away the policy the app held.
    case policyDroppedOnFailedCheckIn
    /// A throttled check-in is tried again after one minute, whatever its `Retry-After` said.
    case retryAfterIgnored
    /// Every retried acknowledgement of an administrator's wipe wipes the account's data again.
    case wipeRepeatedOnAckRetry
    /// Deregistration gives up at the first failed token request and unenrolls locally only.
    case deregisterWithoutToken

    // MARK: issue 27: stronger assertions

    /// A failed check-in's status carries the account ID and code only: no UPN, no error string.
    case failedCheckInWithoutDetails
    /// A not-targeted (225) status carries the account ID and code only: no UPN, no error string.
    case notTargetedWithoutDetails
    /// A check-in that finds the policy unchanged (101) is reported with `didSucceed` false.
    case unchangedPolicyReportedFailed
    /// `IntuneMAMWipeDidCompleteNotification` is posted when the wipe starts, before the app was asked to wipe.
    case wipeCompletedBeforeTheWipe
    /// The allowed-accounts-changed notification carries the list from before the change.
    case allowedAccountsNotifiedWithOldList
    /// A check-in that fails posts policy-changed although no policy arrived.
    case policyChangedAfterFailedCheckIn
    /// An unmanaged identity gets the managed account's policy with only its transfer restrictions lifted.
    case unmanagedKeepsManagedDataDuties
    /// `hasConflict` is true only for string values: differing numbers or booleans report no conflict.
    case conflictReportedForStringsOnly
    /// The PIN is set up at the SDK's default length (4) whatever the policy's `minimumPinLength` says.
    case pinMinimumLengthIgnored
    /// `MaxFileProtectionLevel` caps by the levels' numbers, not by their strength.
    case protectionCappedByNumber
    /// `enrolledAccountId()` keeps the first answer it gave in this process.
    case enrolledAccountCached
    // MARK: issue 27: run-wide guards (RUN)

    /// A scheduled check-in with no wipe command asks the app to wipe the enrolled account anyway (FM-25).
    case wipeOnOrdinaryCheckIn
    /// A sign-in prompt of login-and-enroll the user cancelled is shown again, up to 20 times (FM-09).
    case cancelledSignInPromptedAgain

    // MARK: issue 27: guide gaps the protocol can check

    /// `loginAndEnrollAccount` prompts for credentials although the SDK holds a token for the account (ENR-50).
    case loginPromptsDespiteToken

    // MARK: issue 27: the app updated in place and reinstalled (UPG, RIN)

    /// The first launch of an update drops the enrollment and the registrations another build left (FM-04).
    case enrollmentLostOnUpdate
    /// The first launch of an update asks the app to wipe the enrolled account's data (FM-04).
    case updateWipesManagedData
    /// A reinstalled app's SDK takes the earlier installation's enrollment, policy and PIN back from the keychain (FM-10).
    case previousInstallRestoredFromKeychain
    /// A reinstalled app's SDK finds the earlier installation's policy in the keychain and asks for a restart at launch,
    /// before any enrollment (FM-10).
    case restartAskedForPreviousInstall
    // MARK: issue 27: Conditional Access remediation (CA)

    /// The remediation enrolls the account but never calls the compliance delegate (FM-01).
    case complianceStatusNeverReported
    /// The remediation reports compliant without enrolling the account, so the token stays refused (FM-01).
    case remediationCompliantWithoutPolicy

    // MARK: issue 27: the app's own sign-in (FM-07)

    /// A registration right after the app's own sign-in shows the SDK's sign-in prompt before it uses the app's token
    /// (ENR-18).
    case registrationPromptsForCredentials
    // MARK: issue 27: MDM-managed devices (MDM)

    /// On an MDM-managed device whose managed app configuration names the user (`IntuneMAMUPN`/`IntuneMAMOID`), the
    /// first policy still asks for a restart, as if the hooks were not enabled as passthrough (iOS#561).
    case restartUnderMdmPassthrough
    /// On an MDM-managed device another account than the one `IntuneMAMUPN`/`IntuneMAMOID` name enrolls
    /// (memdocs PR#757, IntuneDocs#1394).
    case mdmEnrolledUserIgnored
    /// `mdmEnrolledAccountIdWithCompletion:` never calls its completion on an MDM-managed device (iOS#442).
    case mdmEnrolledAccountNeverCallsBack
    /// `mdmEnrolledAccountIdWithCompletion:` hands over the `IntuneMAMUPN` value, not the object ID (iOS#109, FM-02).
    case mdmEnrolledAccountNamedByUpn

    // MARK: issue 27: conditional-launch wipe actions (CL-06)

    /// Used-up PIN attempts under the action `wipe` only block until a PIN reset: the data stays (iOS#563, iOS#249).
    case pinLimitWipeActionIgnored
    /// A conditional-launch wipe is never forgotten: the PIN reset after re-enrolling wipes the account again
    /// (iOS#312, iOS#669).
    case conditionalWipeRepeatedAfterPinReset
    /// Offline longer than `periodOfflineBeforeWipeIsEnforced`, a launch only blocks: the data stays (FM-08).
    case offlineWipeNeverEnforced

    // MARK: issue 27: a UPN change (IDN-01)

    /// A token naming a new UPN for the enrolled object ID is taken for another account: the SDK unenrolls and wipes
    /// the renamed account (FM-21).
    case upnChangeTakenForNewAccount

    // MARK: issue 27: periodic events after deregistration (WIP-13)

    /// Deregistration leaves the 8-hour check-in running for the deregistered account (And#234).
    case checkInsContinueAfterDeregister

    // MARK: issue 27: a policy change that newly requires a PIN (CL-41)

    /// The PIN setting of the first policy stays until the app is reinstalled: a later policy that requires a PIN is
    /// stored and reported, but no PIN is asked (FM-14: iOS#148, And#335).
    case pinSettingKeptFromFirstPolicy

    // MARK: issue 27: the same account registering again in the same process (ENR-19)

    /// An account deregistered in this process is ignored when it registers again, until the app is relaunched
    /// (FM-27: iOS#67).
    case reRegistrationIgnoredUntilRelaunch

    // MARK: issue 27: file ownership (IDS-51, IDS-52)

    /// A file written while a UI identity is set belongs to the UI identity, whatever the thread's identity (IDS-51).
    case fileOwnerTakenFromUiIdentity
    /// Where a process identity is set it owns the thread's new files, even inside a thread-identity scope (IDS-51).
    case processIdentityOverridesThreadIdentity
    /// A file opened in truncate mode keeps the owner it had; only new files get the writing thread's identity (IDS-52).
    case truncateKeepsPreviousOwner

    // MARK: issue 27: the wipe callback's thread (WIP-05)

    /// The SDK calls `wipeDataForAccountId:` on the app's main thread, not a background one (000:581, 003:758).
    case wipeCallbackOnMainThread
    /// The SDK does not wait for `wipeDataForAccountId:`: it deletes the account's files and posts wipe-completed
    /// first, then hands the callback to its queue and never uses the answer (000:581, 003:758).
    case wipeCallbackNotAwaited
}
