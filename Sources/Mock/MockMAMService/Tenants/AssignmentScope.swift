/// Decides whether a user is in scope of a list of assignments, the same way for every channel.
///
/// Intune's rule as the mock models it: membership is direct (no nested groups); an exclusion group containing the
/// user cancels every inclusion; all-licensed-users includes a licensed user; all-devices includes the user of the
/// (MDM-enrolled) device. Protection policies, targeted app configurations and mobile app configurations share it,
/// so the channels cannot drift apart.
struct AssignmentScope {
    let tenant: Tenant

    func includes(_ user: MockUser, in assignments: [PolicyAssignment]) -> Bool {
        var included = false
        for assignment in assignments {
            switch assignment.target {
            case .exclusionGroup(let groupId):
                if isMember(user, of: groupId) { return false }
            case .group(let groupId):
                if isMember(user, of: groupId) { included = true }
            case .allLicensedUsers:
                if user.licensed { included = true }
            case .allDevices:
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
