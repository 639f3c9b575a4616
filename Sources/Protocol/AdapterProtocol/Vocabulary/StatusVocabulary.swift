/// The request a status event reports on, named after the enrollment delegate method that carries it.
public enum StatusRequest: String, WireEnum {
    /// `enrollmentRequestWithStatus:`
    case enrollment
    /// `policyRequestWithStatus:` (a check-in)
    case policy
    /// `unenrollRequestWithStatus:`
    case unenroll
}

/// Neutral outcome names for status events, so suites read the same whatever platform the SDK runs on.
/// Each maps to the iOS SDK's `IntuneMAMEnrollmentStatusCode` values that mean it, and to the Android
/// `MAMEnrollmentManager.Result` names where Android has one.
public enum StatusOutcome: String, WireEnum {
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
    case serviceDisabled = "service-disabled"
    case noAccount = "no-account"
    case notEnrolled = "not-enrolled"
    case policyRecordGone = "policy-record-gone"
    case reenrollUnenrolledUser = "reenroll-unenrolled-user"
    case tenantMigration = "tenant-migration"
    case unsupportedAPI = "unsupported-api"
    case authLibraryUnsupported = "auth-library-unsupported"
    case deviceBlocked = "device-blocked"
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
        case .serviceDisabled: return [202]
        case .noAccount: return [207]
        case .notEnrolled: return [213]
        case .policyRecordGone: return [220]
        case .reenrollUnenrolledUser: return [221]
        case .tenantMigration: return [222]
        case .unsupportedAPI: return [223]
        case .authLibraryUnsupported: return [224]
        case .deviceBlocked: return [226]
        case .policyNew: return [100]
        case .policyUnchanged: return [101]
        case .wipeReceived: return [102]
        case .noPolicy: return [103]
        case .unenrolled: return [104]
        }
    }

    /// Android `MAMEnrollmentManager.Result` names that carry this outcome (empty: Android has none).
    public var androidResults: [String] {
        switch self {
        case .enrolled: return ["ENROLLMENT_SUCCEEDED"]
        case .notLicensed: return ["NOT_LICENSED"]
        case .authRequired: return ["AUTHORIZATION_NEEDED"]
        case .accountMismatch: return ["WRONG_USER", "MDM_ENROLLED"]
        case .internalError: return ["ENROLLMENT_FAILED", "UNENROLLMENT_FAILED"]
        case .unenrolled: return ["UNENROLLMENT_SUCCEEDED"]
        default: return []
        }
    }

    /// The requests whose status may carry this outcome.
    public var requests: Set<StatusRequest> {
        switch self {
        case .policyNew, .policyUnchanged, .wipeReceived, .noPolicy, .policyRecordGone: return [.policy]
        case .unenrolled: return [.unenroll]
        case .networkFailure, .internalError, .timeout, .authRequired, .notEnrolled: return [.enrollment, .policy, .unenroll]
        default: return [.enrollment]
        }
    }

    /// The iOS SDK version that introduced the code, where it came after 6.0.5 (`intune-sdk-api.md` §2b).
    public var sinceSDK: SDKVersion? {
        switch self {
        case .singleManagedAccount: return SDKVersion(17, 5, 0)
        case .deviceBlocked: return SDKVersion(14, 3, 0)
        case .tenantMigration, .unsupportedAPI, .authLibraryUnsupported, .notTargeted: return SDKVersion(10, 0, 0)
        case .policyRecordGone, .reenrollUnenrolledUser: return SDKVersion(6, 0, 13)
        default: return nil
        }
    }

    /// Maps a raw iOS code to its neutral name. Code 100 means `enrolled` for an enrollment request and
    /// `policy-new` for a policy request, so the request kind is needed.
    public static func fromIOS(code: Int, request: StatusRequest) -> StatusOutcome? {
        if code == 100 { return request == .enrollment ? .enrolled : .policyNew }
        return allCases.first { $0 != .enrolled && $0 != .policyNew && $0.iosCodes.contains(code) }
    }
}
