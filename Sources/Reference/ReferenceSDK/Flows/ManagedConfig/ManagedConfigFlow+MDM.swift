import Foundation

/// MDM-managed devices (MDM-01, MDM-02): when the managed app configuration names the device's user, the SDK's
/// hooks run as passthrough, so the first policy needs no restart (iOS#561), and the identity is forced: another
/// account is refused with 210 (`IntuneMAMEnrollmentStatus.h 15.4.0:29`; memdocs PR#757, IntuneDocs#1394).
extension ManagedConfigFlow {
    /// The device's user as the held managed app configuration names it; nil when it names none (the device is not
    /// MDM-managed, or the administrator did not target the keys to the app).
    var mdmManagedUser: MDMManagedUser? {
        guard let values = store.read({ $0.deviceConfig?.values }) else { return nil }
        func entry(_ key: String) -> String? {
            guard let value = values[key]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
            return value
        }
        let user = MDMManagedUser(upn: entry(ManagedConfigKey.upn), accountId: entry(ManagedConfigKey.oid))
        return user.upn == nil && user.accountId == nil ? nil : user
    }

    /// Whether a first policy applies in place: the hooks run as passthrough on a device whose managed app
    /// configuration names its user (MDM-01).
    var hooksRunAsPassthrough: Bool {
        mdmRules.passthroughNeedsNoRestart && mdmManagedUser != nil
    }

    /// Why the account may not enroll on this device (MDM-02), or nil when it may: the device is MDM-enrolled
    /// under a different account.
    func mdmEnrolledUserRefusal(accountId: String, upn: String) -> StatusFailure? {
        guard mdmRules.refusesOtherThanDeviceUser, let user = mdmManagedUser,
              !user.names(accountId: accountId, upn: upn) else { return nil }
        return StatusFailure(.mdmEnrolledDifferentUser, "the device is MDM-enrolled under a different account")
    }

    /// `mdmEnrolledAccountIdWithCompletion:` (MDM-03): answered from the work queue, after anything the app set off
    /// before it (a managed configuration change is read there too); a runtime that terminates first answers nil.
    func mdmEnrolledAccountId(completion: @escaping @Sendable (String?) -> Void) {
        work.submit("mdmEnrolledAccountIdWithCompletion", dropped: { completion(nil) }) { [self] in
            guard mdmRules.enrolledAccountCallsBack else {
                log.info("mdmEnrolledAccountIdWithCompletion: no answer")
                return
            }
            let user = mdmManagedUser
            completion(mdmRules.enrolledAccountNamedByObjectId ? user?.accountId : user?.upn)
        }
    }
}
