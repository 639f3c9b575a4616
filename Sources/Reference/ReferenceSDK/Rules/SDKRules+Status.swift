extension SDKRules {
    /// What a status callback carries and how often it comes (ENR-02).
    struct Status: Equatable, Sendable {
        /// The status names the account's UPN (`identity`) beside its ID.
        var namesUPN: Bool
        /// A failed request's status carries an error string, not only the error object.
        var failureHasErrorString: Bool
        /// Each enrollment outcome reaches `enrollmentRequest` once.
        var enrollmentReportedOnce: Bool

        init(_ broken: Broken) {
            namesUPN = !broken(.statusWithoutUpn)
            failureHasErrorString = !broken(.failedStatusWithoutErrorString)
            enrollmentReportedOnce = !broken(.duplicateEnrollmentStatus)
        }
    }
}
