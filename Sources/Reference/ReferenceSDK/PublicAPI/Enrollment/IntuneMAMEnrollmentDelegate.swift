/// The app's enrollment delegate (`IntuneMAMEnrollmentDelegate`): status callbacks and token supply.
///
/// All methods are optional in the real SDK; here they have default implementations. Callbacks are made
/// on the runtime's background work queue, never on the Swift concurrency pool, and never after the
/// runtime was terminated.
public protocol IntuneMAMEnrollmentDelegate: AnyObject, Sendable {
    /// An enrollment request finished.
    func enrollmentRequest(with status: IntuneMAMEnrollmentStatus)
    /// A policy request (check-in) finished.
    func policyRequest(with status: IntuneMAMEnrollmentStatus)
    /// An unenroll finished; an unenrolled account is also deregistered.
    func unenrollRequest(with status: IntuneMAMEnrollmentStatus)
    /// The SDK needs a MAM-service token for `accountId` (audience `resource`).
    ///
    /// Must not block for long; call `completion` exactly once, from any thread. The SDK's work queue
    /// waits for it (bounded by ``IntuneMAMRuntimeConfiguration/delegateTimeout``).
    func getAccessToken(forAccountId accountId: String, resource: String,
                        completion: @escaping @Sendable (IntuneMAMEnrollmentToken) -> Void)
}

extension IntuneMAMEnrollmentDelegate {
    public func enrollmentRequest(with status: IntuneMAMEnrollmentStatus) {}
    public func policyRequest(with status: IntuneMAMEnrollmentStatus) {}
    public func unenrollRequest(with status: IntuneMAMEnrollmentStatus) {}
    /// Default: no token (the SDK reports `authRequired` unless it holds a token of its own).
    public func getAccessToken(forAccountId accountId: String, resource: String,
                               completion: @escaping @Sendable (IntuneMAMEnrollmentToken) -> Void) {
        completion(.failure(accountId: accountId, error: "getAccessToken not implemented"))
    }
}
