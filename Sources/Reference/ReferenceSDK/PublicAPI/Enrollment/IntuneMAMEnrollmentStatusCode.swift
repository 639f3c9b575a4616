/// Every `IntuneMAMEnrollmentStatusCode` of the iOS 21.7.1 header, same numbers, names without the
/// `IntuneMAMEnrollmentStatus` prefix.
///
/// The harness maps these raw codes to neutral status names, so the numbers must be exactly the real ones.
public enum IntuneMAMEnrollmentStatusCode: Int, Sendable, CaseIterable, Codable {
    case newPoliciesReceived = 100
    case policiesHaveNotChanged = 101
    case wipeReceived = 102
    case noPolicyReceived = 103
    case unenrollmentSuccess = 104
    case accountNotLicensed = 200
    case internalError = 201
    /// Obsolete since 12.2.0; never produced.
    case mamServiceDisabled = 202
    case authRequired = 203
    case locationServiceFailure = 204
    case enrollmentEndPointNetworkFailure = 205
    case parsingFailure = 206
    case nilAccount = 207
    case alreadyEnrolled = 208
    case notEmmAccount = 209
    case mdmEnrolledDifferentUser = 210
    case notDeviceAccount = 211
    case policyEndPointNetworkFailure = 212
    case appNotEnrolled = 213
    case notEnrolledAccount = 214
    case failedToClearMamData = 215
    case timeout = 216
    case adalInternalError = 217
    case switchExistingAccount = 218
    case loginCanceled = 219
    case policyRecordGone = 220
    case reEnrollForUnenrolledUser = 221
    case tenantMigration = 222
    case unsupportedAPI = 223
    case adalMethodUnsupported = 224
    case licensedNotTargeted = 225
    case deviceBlockedEnrollment = 226
    case singleManagedAccountMode = 227
}
