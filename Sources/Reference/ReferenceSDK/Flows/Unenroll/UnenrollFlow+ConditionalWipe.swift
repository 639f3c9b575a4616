/// Conditional-launch wipe actions (CL-06): where the policy's action for a failed check is `wipe`, the SDK removes
/// the account as an administrator's selective wipe does (WIP-09): unenrolled, deregistered and wiped once, which
/// signs it out of the app (000:579). The PIN reset that follows, a new sign-in and a new PIN, wipes nothing.
extension UnenrollFlow {
    /// Wipes the account for a conditional-launch action (work queue). The account is noted first and forgotten once
    /// the wipe is done, so a wipe the app's termination interrupted is finished at the next conditional launch.
    func conditionalWipe(of accountId: String, reason: String) {
        log.warning("\(reason): the policy's action is to wipe \(accountId)")
        store.mutate { $0.conditionalWipeAccountId = accountId }
        let upn = store.read { $0.upn(of: accountId) }
        unenroll(accountId, upn: upn, wipe: true, token: tokenForDeregistration(accountId))
        guard connections.isAlive, conditionalWipeRules.forgottenOnceDone else { return }
        store.mutate { $0.conditionalWipeAccountId = nil }
    }

    /// At the start of the account's conditional launch: finishes a conditional-launch wipe still noted for it.
    /// Returns true when it wiped.
    func finishConditionalWipe(of accountId: String) -> Bool {
        guard let noted = store.read({ $0.conditionalWipeAccountId }), AccountIdentity.same(noted, accountId) else {
            return false
        }
        conditionalWipe(of: accountId, reason: "a conditional-launch wipe was not finished")
        return true
    }
}
