/// A UPN change of the enrolled account (IDN-01): the object ID is the account (`IntuneMAMEnrollmentManager.h
/// 17.5.0:82, 137`), so a token naming a new UPN for the same object ID is the same account renamed, not a new one
/// (FM-21: the UPN-keyed SDKs lost the enrollment).
extension CheckInFlow {
    /// Checks a token for the enrolled account before a check-in uses it (work queue). A new UPN is noted and the
    /// enrollment, policy and data stay; returns true when the SDK dropped the account instead (a planted defect).
    func accountRenamed(_ accountId: String, token: AccessToken) -> Bool {
        guard !token.upn.isEmpty, AccountIdentity.same(token.accountId, accountId),
              let held = store.read({ $0.enrolledUPN }), !AccountIdentity.same(held, token.upn) else { return false }
        guard accountRenameRules.upnChangeKeepsAccount else {
            log.warning("the enrolled account now signs in under another UPN; treating it as another account")
            unenrolls.unenroll(accountId, upn: held, wipe: true, token: .success(token))
            return true
        }
        // Counts only at info level: UPNs are personal data.
        log.info("the enrolled account's UPN changed; its enrollment stays")
        store.mutate { state in
            state.enrolledUPN = token.upn
            if let index = state.registeredAccounts.firstIndex(where: { AccountIdentity.same($0.accountId, accountId) }) {
                state.registeredAccounts[index].upn = token.upn
            }
        }
        return false
    }
}
