/// The request a status event reports on, named after the enrollment delegate method that carries it.
public enum StatusRequest: String, Sendable, CaseIterable {
    case enrollment
    case policy
    case unenroll
}

/// Neutral outcome names for status events, so suites read the same whatever platform the SDK runs on.
/// Each maps to the iOS SDK's `IntuneMAMEnrollmentStatusCode` values that mean it.
public enum StatusOutcome: String, Sendable, CaseIterable {
    case enrolled
    case notLicensed = "not-licensed"
    case notTargeted = "not-targeted"
    case authRequired = "auth-required"
    case networkFailure = "network-failure"
    case alreadyEnrolled = "already-enrolled"
    case accountMismatch = "account-mismatch"
    case singleManagedAccount = "single-managed-account"
    case canceled
    case internalError = "internal-error"
    case timeout
    case policyNew = "policy-new"
    case policyUnchanged = "policy-unchanged"
    case wipeReceived = "wipe-received"
    case noPolicy = "no-policy"
    case unenrolled

    /// The iOS status codes that carry this outcome (the first is the one an iOS SDK normally sends).
    public var iosCodes: [Int] {
        switch self {
        case .enrolled: return [100]
        case .notLicensed: return [200]
        case .notTargeted: return [225]
        case .authRequired: return [203]
        case .networkFailure: return [204, 205, 212]
        case .alreadyEnrolled: return [208]
        case .accountMismatch: return [209, 210, 211, 214, 218]
        case .singleManagedAccount: return [227]
        case .canceled: return [219]
        case .internalError: return [201, 206, 215, 217]
        case .timeout: return [216]
        case .policyNew: return [100]
        case .policyUnchanged: return [101]
        case .wipeReceived: return [102]
        case .noPolicy: return [103]
        case .unenrolled: return [104]
        }
    }

    /// Maps a raw iOS code to its neutral name. Code 100 means `enrolled` for an enrollment request and
    /// `policy-new` for a policy request, so the request kind is needed.
    public static func fromIOS(code: Int, request: StatusRequest) -> StatusOutcome? {
        if code == 100 { return request == .enrollment ? .enrolled : .policyNew }
        return allCases.first { $0 != .enrolled && $0 != .policyNew && $0.iosCodes.contains(code) }
    }
}
