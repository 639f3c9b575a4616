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
        let policy = tenant.policies.first { policy in
            policy.targetsApp(bundleId) && isAssigned(policy, to: user)
        }
        guard let policy else { return Decision(outcome: .notTargeted, policy: nil) }
        return Decision(outcome: .enrolled, policy: policy)
    }

    private func isAssigned(_ policy: ProtectionPolicy, to user: MockUser) -> Bool {
        var included = false
        for assignment in policy.assignments {
            switch assignment.target {
            case .exclusionGroup(let groupId):
                if isMember(user, of: groupId) { return false }
            case .group(let groupId):
                if isMember(user, of: groupId) { included = true }
            case .allLicensedUsers:
                included = true
            }
        }
        return included
    }

    private func isMember(_ user: MockUser, of groupId: String) -> Bool {
        guard let index = tenant.groupIndex(id: groupId) else { return false }
        return tenant.groups[index].hasMember(user.objectId)
    }
}
