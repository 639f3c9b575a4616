/// Identity comparisons at the SDK's API boundary, which must ignore case (ENR-12).
///
/// Kept apart from ``AccountIdentity`` so the rule reaches only the comparisons an SDK's own bookkeeping
/// makes at its API boundary (registration, the managed-account check), not every lookup in the state.
extension SDKEngine {
    /// True when both name the same account: case-insensitive where the rule holds.
    func sameIdentity(_ lhs: String?, _ rhs: String?) -> Bool {
        enrollment.sameIdentity(lhs, rhs)
    }

    /// True when `accountId` is the enrolled (managed) account.
    func isManaged(_ accountId: String?, in state: SDKState) -> Bool {
        guard let accountId else { return false }
        return sameIdentity(state.enrolledAccountId, accountId)
    }
}
