extension SDKRules {
    /// An MDM-managed device whose managed app configuration names its user (`IntuneMAMUPN`, `IntuneMAMOID`): the
    /// identity is forced, the hooks run as passthrough, and the SDK names the user (MDM-01…MDM-03).
    struct MDM: Equatable, Sendable {
        /// The first policy on such a device asks for no restart: the hooks are enabled as passthrough (MDM-01,
        /// iOS#561).
        var passthroughNeedsNoRestart: Bool
        /// Another account than the device's managed user is refused with 210 (MDM-02,
        /// `IntuneMAMEnrollmentStatus.h 15.4.0:29`).
        var refusesOtherThanDeviceUser: Bool
        /// `mdmEnrolledAccountIdWithCompletion:` calls its completion, with the account `IntuneMAMOID` names or nil
        /// (MDM-03, iOS#442).
        var enrolledAccountCallsBack: Bool
        /// The MDM-enrolled user is named by the object ID `IntuneMAMOID` gives, not by the UPN of `IntuneMAMUPN`
        /// (MDM-03, `IntuneMAMEnrollmentManager.h 17.5.0:216-223`).
        var enrolledAccountNamedByObjectId: Bool

        init(_ broken: Broken) {
            passthroughNeedsNoRestart = !broken(.restartUnderMdmPassthrough)
            refusesOtherThanDeviceUser = !broken(.mdmEnrolledUserIgnored)
            enrolledAccountCallsBack = !broken(.mdmEnrolledAccountNeverCallsBack)
            enrolledAccountNamedByObjectId = !broken(.mdmEnrolledAccountNamedByUpn)
        }
    }
}
