import AdapterProtocol
/// Bodies of the bound actions shared by several entity types: `targetApps` and `assign`.
///
/// Protection policies and targeted app configurations take the same `targetApps` and `assign` bodies, and mobile
/// app configurations the same assignment targets, so the bodies are read in one place. Unknown parameters and
/// members are refused as Graph refuses them, so a typo in a suite cannot leave an app untargeted unnoticed.
extension GraphFace {
    /// The `@odata.type` of assignments to protection policies and targeted app configurations.
    static let managedAppAssignmentType = "#microsoft.graph.targetedManagedAppPolicyAssignment"
    /// The `@odata.type` of assignments to mobile app configurations.
    static let deviceConfigurationAssignmentType = "#microsoft.graph.managedDeviceMobileAppConfigurationAssignment"

    /// Reads a `targetApps` body: `apps` [{`mobileAppIdentifier` {`bundleId`}}] and optional `appGroupType`.
    static func targetAppsBody(
        _ request: IncomingRequest, _ tenant: Tenant
    ) throws(ReplyError) -> (apps: [TargetedApp], appGroupType: String?) {
        let body = try GraphError.objectBody(request, tenant)
        try checkMembers(body, allowed: ["apps", "appGroupType"], parameterOf: "targetApps", tenant)
        guard let items = body["apps"]?.arrayValue else {
            throw ReplyError(GraphError.badRequest("Parameter 'apps' (an array) is required.", tenant))
        }
        var apps: [TargetedApp] = []
        for item in items {
            try checkMembers(item, type: "#microsoft.graph.managedMobileApp",
                             allowed: ["id", "version", "mobileAppIdentifier"], tenant)
            guard let identifier = item["mobileAppIdentifier"], identifier.objectValue != nil else {
                throw ReplyError(GraphError.badRequest("Each app needs a 'mobileAppIdentifier' object.", tenant))
            }
            if let type = identifier["@odata.type"], type.stringValue != "#microsoft.graph.iosMobileAppIdentifier" {
                throw ReplyError(
                    GraphError.badRequest("Only #microsoft.graph.iosMobileAppIdentifier is accepted here.", tenant))
            }
            try checkMembers(identifier, type: nil, allowed: ["bundleId"], tenant)
            guard let bundleId = identifier["bundleId"]?.stringValue, !bundleId.isEmpty else {
                throw ReplyError(GraphError.badRequest("Each mobileAppIdentifier needs a 'bundleId'.", tenant))
            }
            if !apps.contains(where: { $0.bundleId == bundleId }) { apps.append(TargetedApp(bundleId: bundleId)) }
        }
        var appGroupType: String?
        if let value = body["appGroupType"], !value.isNull {
            let members = ["selectedPublicApps", "allCoreMicrosoftApps", "allMicrosoftApps", "allApps"]
            guard let text = value.stringValue, members.contains(text) else {
                throw ReplyError(GraphError.badRequest("Parameter 'appGroupType' has an invalid value.", tenant))
            }
            appGroupType = text
        }
        return (apps, appGroupType)
    }

    /// Reads an `assign` body: `assignments` [{`target`}], each typed `assignmentType` when typed at all.
    ///
    /// Targets: group (the default when untyped), exclusion group, all licensed users, and all devices when
    /// `allowAllDevices` (the device channel only). A `groupId` naming no group is 400.
    static func assignBody(
        _ request: IncomingRequest, _ tenant: Tenant, assignmentType: String, allowAllDevices: Bool = false
    ) throws(ReplyError) -> [PolicyAssignment] {
        let body = try GraphError.objectBody(request, tenant)
        try checkMembers(body, allowed: ["assignments"], parameterOf: "assign", tenant)
        guard let items = body["assignments"]?.arrayValue else {
            throw ReplyError(GraphError.badRequest("Parameter 'assignments' (an array) is required.", tenant))
        }
        var assignments: [PolicyAssignment] = []
        for item in items {
            try checkMembers(item, type: assignmentType, allowed: ["id", "target"], tenant)
            guard let target = item["target"], target.objectValue != nil else {
                throw ReplyError(GraphError.badRequest("Each assignment needs a 'target' object.", tenant))
            }
            assignments.append(
                PolicyAssignment(target: try assignmentTarget(target, tenant, allowAllDevices: allowAllDevices)))
        }
        return assignments
    }

    private static func assignmentTarget(
        _ target: JSONValue, _ tenant: Tenant, allowAllDevices: Bool
    ) throws(ReplyError) -> PolicyAssignment.Target {
        let type = target["@odata.type"]?.stringValue ?? "#microsoft.graph.groupAssignmentTarget"
        switch type {
        case "#microsoft.graph.allLicensedUsersAssignmentTarget":
            try checkMembers(target, type: type, allowed: [], tenant)
            return .allLicensedUsers
        case "#microsoft.graph.allDevicesAssignmentTarget" where allowAllDevices:
            try checkMembers(target, type: type, allowed: [], tenant)
            return .allDevices
        case "#microsoft.graph.groupAssignmentTarget", "#microsoft.graph.exclusionGroupAssignmentTarget":
            try checkMembers(target, type: type, allowed: ["groupId"], tenant)
            guard let groupId = target["groupId"]?.stringValue, !groupId.isEmpty else {
                throw ReplyError(GraphError.badRequest("A group assignment target needs a 'groupId'.", tenant))
            }
            guard let groupIndex = tenant.groupIndex(id: groupId) else {
                throw ReplyError(GraphError.badRequest("Group '\(groupId)' does not exist.", tenant))
            }
            let id = tenant.groups[groupIndex].id
            return type.hasSuffix("exclusionGroupAssignmentTarget") ? .exclusionGroup(id) : .group(id)
        default:
            throw ReplyError(GraphError.badRequest("Assignment target type '\(type)' is not supported by the mock.", tenant))
        }
    }

    /// Refuses action parameters other than `allowed`, with Graph's message for an unknown parameter.
    private static func checkMembers(
        _ body: [String: JSONValue], allowed: Set<String>, parameterOf action: String, _ tenant: Tenant
    ) throws(ReplyError) {
        if let unknown = body.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw ReplyError(
                GraphError.badRequest(
                    "The parameter '\(unknown)' in the request payload is not a valid parameter for the operation '\(action)'.",
                    tenant))
        }
    }

    /// Refuses members of a nested object other than `allowed` and `@odata.*` annotations; an `@odata.type`, when
    /// `type` is given, must be that type.
    private static func checkMembers(
        _ value: JSONValue, type: String?, allowed: Set<String>, _ tenant: Tenant
    ) throws(ReplyError) {
        guard let object = value.objectValue else {
            throw ReplyError(GraphError.badRequest("Each item must be an object.", tenant))
        }
        if let type, let given = object["@odata.type"], given.stringValue != type {
            throw ReplyError(GraphError.badRequest("@odata.type must be '\(type)' here.", tenant))
        }
        if let unknown = object.keys.sorted().first(where: { !$0.hasPrefix("@odata.") && !allowed.contains($0) }) {
            throw ReplyError(GraphError.badRequest("Property '\(unknown)' is not valid here.", tenant))
        }
    }
}
