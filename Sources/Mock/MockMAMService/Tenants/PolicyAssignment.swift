import AdapterProtocol
/// One assignment of a protection policy, targeted app configuration or mobile app configuration.
///
/// All three Graph `assign` actions take the same `deviceAndAppManagementAssignmentTarget` shapes; only the
/// assignment's own `@odata.type` differs, so one type serves them all and ``AssignmentScope`` evaluates them alike.
struct PolicyAssignment: Sendable, Codable {
    enum Target: Sendable, Codable {
        case group(String)
        case exclusionGroup(String)
        case allLicensedUsers
        /// Every (MDM-enrolled) device; accepted only for mobile app configurations.
        case allDevices
    }

    let target: Target

    /// The id Graph reports (`<groupId>_incl`, `<groupId>_excl`), as seen in exports of real tenants.
    var id: String {
        switch target {
        case .group(let groupId): return "\(groupId)_incl"
        case .exclusionGroup(let groupId): return "\(groupId)_excl"
        case .allLicensedUsers: return "allLicensedUsers_incl"
        case .allDevices: return "allDevices_incl"
        }
    }

    /// The assignment as Graph reports it, typed `odataType` (the assignment entity type of the owner).
    func graphObject(odataType: String = "#microsoft.graph.targetedManagedAppPolicyAssignment") -> JSONValue {
        let target: JSONValue
        switch self.target {
        case .group(let groupId):
            target = ["@odata.type": "#microsoft.graph.groupAssignmentTarget", "groupId": .string(groupId)]
        case .exclusionGroup(let groupId):
            target = ["@odata.type": "#microsoft.graph.exclusionGroupAssignmentTarget", "groupId": .string(groupId)]
        case .allLicensedUsers:
            target = ["@odata.type": "#microsoft.graph.allLicensedUsersAssignmentTarget"]
        case .allDevices:
            target = ["@odata.type": "#microsoft.graph.allDevicesAssignmentTarget"]
        }
        return ["@odata.type": .string(odataType), "id": .string(id), "target": target]
    }
}
