extension MAMServiceClient.Failure {
    /// Failures that say nothing about the request itself (no answer, a busy or broken service): the same request
    /// may succeed later.
    var isWorthRetrying: Bool {
        switch self {
        case .transport, .throttled: return true
        case .http(let status, _): return (500..<600).contains(status)
        case .unauthorized, .notEnrolled, .parse: return false
        }
    }
}
