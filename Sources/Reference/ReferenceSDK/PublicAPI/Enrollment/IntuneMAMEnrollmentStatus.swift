/// The outcome of one enrollment, policy (check-in) or unenroll request, delivered to the enrollment
/// delegate exactly once per request (ENR-02).
public struct IntuneMAMEnrollmentStatus: Sendable, Equatable {
    /// The account's UPN (`identity` in the real header); empty when the SDK never learnt it.
    public var identity: String
    /// The account's Entra object ID.
    public var accountId: String
    /// Whether the request succeeded.
    public var didSucceed: Bool
    /// The raw status code.
    public var statusCode: IntuneMAMEnrollmentStatusCode
    /// Debug text; nil on plain success.
    public var errorString: String?
    /// The error object; nil on success.
    public var error: IntuneMAMEnrollmentError?

    public init(identity: String, accountId: String, didSucceed: Bool, statusCode: IntuneMAMEnrollmentStatusCode,
                errorString: String? = nil, error: IntuneMAMEnrollmentError? = nil) {
        self.identity = identity
        self.accountId = accountId
        self.didSucceed = didSucceed
        self.statusCode = statusCode
        self.errorString = errorString
        self.error = error
    }
}
