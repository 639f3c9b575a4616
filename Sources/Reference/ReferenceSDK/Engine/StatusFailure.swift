/// A failed request as the app will see it: the status code and the debug text.
struct StatusFailure: Error, Equatable {
    var code: IntuneMAMEnrollmentStatusCode
    var reason: String

    init(_ code: IntuneMAMEnrollmentStatusCode, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    /// Maps a service failure to the code each request kind reports, by the SDK's reading of the status table.
    init(_ failure: MAMServiceClient.Failure, request: SDKStatusReporter.RequestKind, codes: SDKRules.Status) {
        let endpointFailure: IntuneMAMEnrollmentStatusCode =
            request == .policy ? .policyEndPointNetworkFailure : .enrollmentEndPointNetworkFailure
        let serviceError = codes.serviceErrorCode == .internalError ? .internalError : endpointFailure
        switch failure {
        case .unauthorized(let why):
            self.init(.authRequired, "the MAM service refused the token: \(why)")
        case .transport(let why):
            self.init(codes.transportFailureCode == .timeout ? .timeout : endpointFailure, "MAM service unreachable: \(why)")
        case .notEnrolled:
            self.init(.appNotEnrolled, "the MAM service has no registration for this app")
        case .throttled(let status, let retryAfter):
            // Busy, not broken: tried again once the service allows (RES-03); reported like a 5xx.
            self.init(serviceError, "MAM service throttled the request (\(status)"
                        + (retryAfter.map { ", Retry-After \(Int($0)) s" } ?? "") + ")")
        case .http(let status, let why) where (500..<600).contains(status):
            // The service is there but cannot serve (503 and the like): to the app that is the endpoint failing, as
            // when it is unreachable (or, by another reading, an internal error), and worth the 24-hour retry (ENR-03).
            self.init(serviceError, "MAM service failed with \(status): \(why)")
        case .http(let status, let why):
            self.init(.internalError, "MAM service answered \(status): \(why)")
        case .parse(let why):
            self.init(.parsingFailure, "cannot parse the MAM service answer: \(why)")
        }
    }
}
