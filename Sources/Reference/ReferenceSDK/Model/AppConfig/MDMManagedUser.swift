/// The user an MDM-managed device belongs to, as its managed app configuration names it: `IntuneMAMUPN` and
/// `IntuneMAMOID` (the management service fills them in from `{{userprincipalname}}` and `{{userid}}`).
///
/// Either may be missing: the oldest headers read only the UPN (`IntuneMAMEnrollmentManager.h 15.4.0:134-136`), the
/// later ones the object ID as well (`17.5.0:216-223`).
struct MDMManagedUser: Equatable, Sendable {
    var upn: String?
    var accountId: String?

    /// True when the account is the device's user, by object ID or by UPN, compared ignoring case (ENR-12).
    func names(accountId other: String?, upn otherUPN: String?) -> Bool {
        (accountId != nil && AccountIdentity.same(accountId, other)) || (upn != nil && AccountIdentity.same(upn, otherUPN))
    }
}
