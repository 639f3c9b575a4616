import Foundation

extension SDKRules {
    /// The enrollment retry and the policy check-in timers, and how a failed check-in is handled (ENR-03–05,
    /// WIP-02, RES-01–03).
    struct Retries: Equatable, Sendable {
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
        /// A throttled check-in waits for its `Retry-After` (RES-03).
        var honoursRetryAfter: Bool

        init(_ broken: Broken) {
            retryInterval = broken(.retryAfterOneHour) ? 3600 : SDKEngine.retryInterval
            retryStopsOnceEnrolled = !broken(.retriesContinueAfterEnrollment)
            deregisteredLeaveRetries = !broken(.retryAfterDeregister)
            checksInPeriodically = !broken(.noPeriodicCheckIn)
            retriesAfterTransportFailure = !broken(.noRetryAfterTransportFailure)
            failedCheckInKeepsPolicy = !broken(.policyDroppedOnFailedCheckIn)
            honoursRetryAfter = !broken(.retryAfterIgnored)
        }
    }
}
