import Foundation

extension SDKRules {
    /// The enrollment retry and the policy check-in timers, and how a failed check-in is handled (ENR-03–05,
    /// WIP-02, RES-01–03).
    struct Retries: Equatable, Sendable {
        /// When a check-in throttled with `Retry-After` is tried again (RES-03).
        enum ThrottledCheckIn: Equatable, Sendable {
            /// Once `Retry-After` has passed, not before and not 8 hours later (the reference's reading).
            case afterRetryAfter
            /// After one minute, whatever `Retry-After` said.
            case afterOneMinute
            /// On the ordinary 8-hour rhythm (000:662), `Retry-After` being later or not.
            case onCheckInRhythm
        }

        /// How long after a failed enrollment the next attempt is due: 24 hours (ENR-03).
        var retryInterval: TimeInterval
        /// The retry stops once an account enrolled (ENR-04).
        var retryStopsOnceEnrolled: Bool
        /// A deregistered account leaves the retry list (WIP-02).
        var deregisteredLeaveRetries: Bool
        /// An enrolled account checks in every 8 hours (ENR-05).
        var checksInPeriodically: Bool
        /// An enrollment that got no HTTP answer at all is retried like any failed one (RES-01).
        var retriesAfterTransportFailure: Bool
        /// A failed check-in keeps the policy the app held (RES-02).
        var failedCheckInKeepsPolicy: Bool
        var throttledCheckIn: ThrottledCheckIn
        /// An enrolled app checks in at every launch too, beside the 8-hour rhythm (ENR-05).
        var checksInAtLaunch: Bool
        // issue 27: periodic events after deregistration
        /// Deregistering the enrolled account ends its 8-hour check-in with the other periodic events (WIP-13;
        /// 000:664, 003:807).
        var checkInsEndOnDeregister: Bool

        init(_ broken: Broken, _ read: Read) {
            retryInterval = broken(.retryAfterOneHour) ? 3600 : SDKEngine.retryInterval
            retryStopsOnceEnrolled = !broken(.retriesContinueAfterEnrollment)
            deregisteredLeaveRetries = !broken(.retryAfterDeregister)
            checksInPeriodically = !broken(.noPeriodicCheckIn)
            retriesAfterTransportFailure = !broken(.noRetryAfterTransportFailure)
            failedCheckInKeepsPolicy = !broken(.policyDroppedOnFailedCheckIn)
            throttledCheckIn = broken(.retryAfterIgnored) ? .afterOneMinute
                : read(.throttledCheckInOnEightHourRhythm) ? .onCheckInRhythm : .afterRetryAfter
            checksInAtLaunch = read(.checkInAtEveryLaunch)
            // issue 27: periodic events after deregistration
            checkInsEndOnDeregister = !broken(.checkInsContinueAfterDeregister)
        }
    }
}
