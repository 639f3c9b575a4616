/// The rule that decides what an enroll or check-in gets, evaluated afresh at every call.
///
/// It follows Intune: an unlicensed user never gets policy (`not-licensed`); a licensed user gets the first policy,
/// in creation order, that targets the app's bundle id and is assigned to the user (through a group the user is a
/// direct member of, or to all licensed users) without an exclusion group containing the user; otherwise
/// `not-targeted`.
struct TargetingRule {
    /// What the rule decided.
    enum Outcome: String, Sendable {
        case enrolled
        case notLicensed = "not-licensed"
        case notTargeted = "not-targeted"
    }

    struct Decision: Sendable {
        let outcome: Outcome
        /// The policy that applies when `outcome` is `enrolled`.
        let policy: ProtectionPolicy?
    }

    let tenant: Tenant

    func evaluate(accountId: String, bundleId: String) -> Decision {
        guard let user = tenant.user(objectId: accountId), user.licensed else {
            return Decision(outcome: .notLicensed, policy: nil)
        }
        let scope = AssignmentScope(tenant: tenant)
        let policy = tenant.policies.first { policy in
            policy.targetsApp(bundleId) && scope.includes(user, in: policy.assignments)
        }
        guard let policy else { return Decision(outcome: .notTargeted, policy: nil) }
        return Decision(outcome: .enrolled, policy: policy)
    }
}
