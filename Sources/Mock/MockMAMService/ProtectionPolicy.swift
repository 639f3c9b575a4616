/// An iOS app protection policy (Graph `iosManagedAppProtection`) with its target apps and assignments.
///
/// Settings are kept as posted (after validation) because the SDK receives them unchanged at check-in.
struct ProtectionPolicy: Sendable {
    /// One entry of the policy's `apps`: an iOS bundle id.
    struct TargetedApp: Sendable {
        let bundleId: String

        /// The `managedMobileApp` Graph reports for this app (id `<bundleId>.ios`).
        func graphObject() -> JSON {
            [
                "@odata.type": "#microsoft.graph.managedMobileApp",
                "id": .string("\(bundleId).ios"),
                "mobileAppIdentifier": [
                    "@odata.type": "#microsoft.graph.iosMobileAppIdentifier", "bundleId": .string(bundleId),
                ],
            ]
        }
    }

    /// One assignment of the policy.
    struct Assignment: Sendable {
        enum Target: Sendable {
            case group(String)
            case exclusionGroup(String)
            case allLicensedUsers
        }

        let target: Target

        var id: String {
            switch target {
            case .group(let groupId): return "\(groupId)_incl"
            case .exclusionGroup(let groupId): return "\(groupId)_excl"
            case .allLicensedUsers: return "allLicensedUsers_incl"
            }
        }

        /// The `targetedManagedAppPolicyAssignment` Graph reports.
        func graphObject() -> JSON {
            let target: JSON
            switch self.target {
            case .group(let groupId):
                target = ["@odata.type": "#microsoft.graph.groupAssignmentTarget", "groupId": .string(groupId)]
            case .exclusionGroup(let groupId):
                target = ["@odata.type": "#microsoft.graph.exclusionGroupAssignmentTarget", "groupId": .string(groupId)]
            case .allLicensedUsers:
                target = ["@odata.type": "#microsoft.graph.allLicensedUsersAssignmentTarget"]
            }
            return ["@odata.type": "#microsoft.graph.targetedManagedAppPolicyAssignment", "id": .string(id), "target": target]
        }
    }

    static let odataType = "#microsoft.graph.iosManagedAppProtection"

    let id: String
    /// Writable settings, `displayName` included; never `id`, `version` or other read-only properties.
    var settings: [String: JSON]
    /// Goes up by one on every PATCH.
    var version: Int
    let createdDateTime: String
    var lastModifiedDateTime: String
    var apps: [TargetedApp]
    var appGroupType: String?
    var assignments: [Assignment]

    /// `<id>:<version>`, the version string the SDK holds and sends back at check-in.
    var policyVersion: String { "\(id):\(version)" }

    func targetsApp(_ bundleId: String) -> Bool {
        apps.contains { $0.bundleId.caseInsensitiveCompare(bundleId) == .orderedSame }
    }

    /// The policy as Graph returns it; `apps` and `assignments` only when `$expand` asks for them.
    func graphObject(expandApps: Bool = false, expandAssignments: Bool = false) -> JSON {
        var object = settings
        object["@odata.type"] = .string(Self.odataType)
        object["id"] = .string(id)
        object["version"] = .string(String(version))
        object["createdDateTime"] = .string(createdDateTime)
        object["lastModifiedDateTime"] = .string(lastModifiedDateTime)
        object["isAssigned"] = .bool(!assignments.isEmpty)
        object["deployedAppCount"] = .int(apps.count)
        if expandApps { object["apps"] = .array(apps.map { $0.graphObject() }) }
        if expandAssignments { object["assignments"] = .array(assignments.map { $0.graphObject() }) }
        return .object(object)
    }

    /// The policy as the MAM service sends it at check-in: the settings plus `id` and `version`.
    func sdkPolicy() -> JSON {
        var object = settings.filter { !$0.key.hasPrefix("@odata.") }
        object["id"] = .string(id)
        object["version"] = .string(String(version))
        return .object(object)
    }
}
