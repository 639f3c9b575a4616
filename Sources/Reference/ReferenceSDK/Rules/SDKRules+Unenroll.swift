import Foundation

extension SDKRules {
    /// Deregistration, unenrollment and wipe (WIP-01–11, RES-04, RES-05).
    struct Unenroll: Equatable, Sendable {
        /// How long after a refused unenroll acknowledgement the next send is due (RES-04): 5 minutes in the
        /// reference; 000:672 gives no schedule, so the 8-hour check-in rhythm is as good.
        var acknowledgementRetryInterval: TimeInterval
        /// The unenroll status comes before the wipe (no edition orders them, 000:664).
        var reportsBeforeWiping: Bool

        /// Deregistering with wipe calls `wipeData(forAccountId:)`.
        var callsWipeDelegate: Bool
        /// `wipeData(forAccountId:)` names the account by its account ID, not its UPN.
        var wipeNamesAccountId: Bool
        /// When the app's `wipeData` returns false, the SDK deletes the account's data itself.
        var deletesWhenAppDeclines: Bool
        /// Only a deregistration with wipe (or an administrator's wipe) wipes.
        var wipesOnlyWhenAsked: Bool
        /// The administrator's wipe command at check-in wipes.
        var honoursAdminWipe: Bool
        /// The unenroll outcome reaches `unenrollRequest`.
        var reportsUnenroll: Bool
        /// After unenroll the account is no longer enrolled or managed, and its policy is gone.
        var dropsPolicy: Bool
        /// Deregistration removes the account from `registeredAccountIds()`.
        var dropsRegistration: Bool
        /// Deregistration waits for (and retries) its token before unenrolling at the service (RES-05).
        var waitsForToken: Bool
        /// A retried acknowledgement of an administrator's wipe does not wipe again (RES-04).
        var wipesOnceAcrossAcknowledgements: Bool
        // issue 27: stronger assertions
        /// `IntuneMAMWipeDidCompleteNotification` is posted once the wipe has finished, not when it starts.
        var wipeCompletionPostedAfterWipe: Bool
        /// A check-in without the administrator's wipe command never wipes (RUN-01; 000:579, 000:672: the command wipes).
        var checkInWipesOnlyOnCommand: Bool
        // issue 27: the wipe callback's thread
        /// `wipeData(forAccountId:)` is called from a background thread (the SDK's work queue), never the main thread
        /// (000:581, 003:758).
        var callsWipeDelegateInBackground: Bool
        /// The SDK waits for `wipeData(forAccountId:)` to return before it deletes what is left and reports the wipe
        /// done (000:581: the app returns once the data is gone).
        var waitsForWipeDelegate: Bool

        init(_ broken: Broken, _ read: Read) {
            acknowledgementRetryInterval = read(.acknowledgementRetriedLate)
                ? UnenrollFlow.lateAcknowledgementRetryInterval : UnenrollFlow.acknowledgementRetryInterval
            reportsBeforeWiping = read(.unenrollReportedBeforeWipe)
            callsWipeDelegate = !broken(.wipeCallbackSkipped)
            wipeNamesAccountId = !broken(.wipeCallbackGetsUpn)
            deletesWhenAppDeclines = !broken(.falseReturnIgnored)
            wipesOnlyWhenAsked = !broken(.wipeDespiteNoWipe)
            honoursAdminWipe = !broken(.adminWipeIgnored)
            reportsUnenroll = !broken(.unenrollNotReported)
            dropsPolicy = !broken(.policyKeptAfterUnenroll)
            dropsRegistration = !broken(.registrationKeptAfterDeregister)
            waitsForToken = !broken(.deregisterWithoutToken)
            wipesOnceAcrossAcknowledgements = !broken(.wipeRepeatedOnAckRetry)
            // issue 27: stronger assertions
            wipeCompletionPostedAfterWipe = !broken(.wipeCompletedBeforeTheWipe)
            checkInWipesOnlyOnCommand = !broken(.wipeOnOrdinaryCheckIn)
            // issue 27: the wipe callback's thread
            callsWipeDelegateInBackground = !broken(.wipeCallbackOnMainThread)
            waitsForWipeDelegate = !broken(.wipeCallbackNotAwaited)
        }
    }
}
