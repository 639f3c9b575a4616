extension SDKRules {
    /// What a status callback carries and how often it comes (ENR-02).
    struct Status: Equatable, Sendable {
        /// The code a reachable service that answers 5xx or throttles is reported with.
        enum ServiceErrorCode: Equatable, Sendable {
            /// 205 at enrollment, 212 at check-in (the reference's reading: the endpoint failed).
            case endpointNetworkFailure
            /// 201: the header keeps 205 and 212 for an endpoint that cannot be reached.
            case internalError
        }

        /// The code a request that got no HTTP answer at all is reported with.
        enum TransportFailureCode: Equatable, Sendable {
            /// 205 at enrollment, 212 at check-in.
            case endpointNetworkFailure
            /// 216, which the status table allows for any request.
            case timeout
        }

        /// The status names the account's UPN (`identity`) beside its ID.
        var namesUPN: Bool
        /// A failed request's status carries an error string, not only the error object.
        var failureHasErrorString: Bool
        /// Each enrollment outcome reaches `enrollmentRequest` once.
        var enrollmentReportedOnce: Bool
        /// A successful status carries an error string (its code's description) even with nothing more to tell.
        var successCarriesErrorString: Bool
        var serviceErrorCode: ServiceErrorCode
        var transportFailureCode: TransportFailureCode
        // issue 27: stronger assertions
        /// A failed check-in's status names the account's UPN and carries its error string, as every failure does.
        var failedCheckInHasDetails: Bool
        /// A not-targeted (225) status names the account's UPN and carries its error string, as every failure does.
        var notTargetedHasDetails: Bool
        /// A check-in that finds the policy unchanged (101) is a success.
        var unchangedPolicySucceeds: Bool

        init(_ broken: Broken, _ read: Read) {
            namesUPN = !broken(.statusWithoutUpn)
            failureHasErrorString = !broken(.failedStatusWithoutErrorString)
            enrollmentReportedOnce = !broken(.duplicateEnrollmentStatus)
            successCarriesErrorString = read(.errorStringOnSuccess)
            serviceErrorCode = read(.serviceErrorsReportedAsInternalError) ? .internalError : .endpointNetworkFailure
            transportFailureCode = read(.droppedConnectionReportedAsTimeout) ? .timeout : .endpointNetworkFailure
            // issue 27: stronger assertions
            failedCheckInHasDetails = !broken(.failedCheckInWithoutDetails)
            notTargetedHasDetails = !broken(.notTargetedWithoutDetails)
            unchangedPolicySucceeds = !broken(.unchangedPolicyReportedFailed)
        }
    }
}
