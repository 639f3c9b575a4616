/// `mdmEnrolledAccountIdWithCompletion:` (MDM-03): the user an MDM-managed device belongs to.
extension IntuneMAMEnrollmentManager {
    /// Hands `completionHandler` the Entra object ID of the MDM-enrolled user, from the SDK's queue: the account the
    /// managed app configuration's `IntuneMAMOID` names, nil on a device that is not MDM-enrolled or whose
    /// configuration does not name it (`IntuneMAMEnrollmentManager.h 21.7.1:170-176`). The completion is always
    /// called, once: an app waits for it (iOS#442).
    public func mdmEnrolledAccountId(completion completionHandler: @escaping @Sendable (String?) -> Void) {
        engine.managedConfig.mdmEnrolledAccountId(completion: completionHandler)
    }
}
