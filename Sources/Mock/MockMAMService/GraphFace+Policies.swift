import Foundation

/// iOS app protection policies: create, read, update, delete, target apps and assign.
extension GraphFace {
    /// `GET .../iosManagedAppProtections`: `value` [policy]; `$expand=apps,assignments` is honoured.
    @Sendable static func listPolicies(_ tenant: inout Tenant, _ request: IncomingRequest) throws(ReplyError) -> Reply {
        let (apps, assignments) = expansions(request)
        let value = tenant.policies.map { $0.graphObject(expandApps: apps, expandAssignments: assignments) }
        return Reply.json(
            .ok, ["@odata.context": context("deviceAppManagement/iosManagedAppProtections"), "value": .array(value)])
    }

    /// `GET .../iosManagedAppProtections/{id}`.
    @Sendable static func getPolicy(_ tenant: inout Tenant, _ request: IncomingRequest) throws(ReplyError) -> Reply {
        let index = try policyIndex(tenant, request)
        let (apps, assignments) = expansions(request)
        var object = tenant.policies[index].graphObject(expandApps: apps, expandAssignments: assignments).objectValue ?? [:]
        object["@odata.context"] = context("deviceAppManagement/iosManagedAppProtections/$entity")
        return Reply.json(.ok, .object(object))
    }

    /// `POST .../iosManagedAppProtections`: 201 with `id` and `version` ("1").
    @Sendable static func createPolicy(_ tenant: inout Tenant, _ request: IncomingRequest) throws(ReplyError) -> Reply {
        let settings = try policySettings(tenant, request, creating: true)
        let policy = ProtectionPolicy(
            id: Identifiers.uuid(), settings: settings, version: 1, createdDateTime: tenant.nowString,
            lastModifiedDateTime: tenant.nowString, apps: [], appGroupType: nil, assignments: [])
        tenant.policies.append(policy)
        var object = policy.graphObject().objectValue ?? [:]
        object["@odata.context"] = context("deviceAppManagement/iosManagedAppProtections/$entity")
        return Reply.json(.created, .object(object)).with(detail: "policy=\(policy.id) version=1")
    }

    /// `PATCH .../iosManagedAppProtections/{id}`: 204; merges the settings and raises `version` by one.
    @Sendable static func updatePolicy(_ tenant: inout Tenant, _ request: IncomingRequest) throws(ReplyError) -> Reply {
        let index = try policyIndex(tenant, request)
        let settings = try policySettings(tenant, request, creating: false)
        tenant.policies[index].settings.merge(settings) { _, new in new }
        tenant.policies[index].version += 1
        tenant.policies[index].lastModifiedDateTime = tenant.nowString
        let policy = tenant.policies[index]
        return Reply.noContent.with(detail: "policy=\(policy.id) version=\(policy.version)")
    }

    /// `DELETE .../iosManagedAppProtections/{id}`: 204.
    @Sendable static func deletePolicy(_ tenant: inout Tenant, _ request: IncomingRequest) throws(ReplyError) -> Reply {
        let index = try policyIndex(tenant, request)
        let policy = tenant.policies.remove(at: index)
        return Reply.noContent.with(detail: "policy=\(policy.id)")
    }

    /// `POST .../{id}/targetApps` with `apps` [{`mobileAppIdentifier` {`bundleId`}}]: 204; replaces the app list.
    @Sendable static func targetApps(_ tenant: inout Tenant, _ request: IncomingRequest) throws(ReplyError) -> Reply {
        let index = try policyIndex(tenant, request)
        let body = try GraphError.objectBody(request, tenant)
        guard let items = body["apps"]?.arrayValue else {
            throw ReplyError(GraphError.badRequest("Parameter 'apps' (an array) is required.", tenant))
        }
        var apps: [ProtectionPolicy.TargetedApp] = []
        for item in items {
            guard let identifier = item["mobileAppIdentifier"], identifier.objectValue != nil else {
                throw ReplyError(GraphError.badRequest("Each app needs a 'mobileAppIdentifier' object.", tenant))
            }
            if let type = identifier["@odata.type"], type.stringValue != "#microsoft.graph.iosMobileAppIdentifier" {
                throw ReplyError(
                    GraphError.badRequest("Only #microsoft.graph.iosMobileAppIdentifier is accepted here.", tenant))
            }
            guard let bundleId = identifier["bundleId"]?.stringValue, !bundleId.isEmpty else {
                throw ReplyError(GraphError.badRequest("Each mobileAppIdentifier needs a 'bundleId'.", tenant))
            }
            if !apps.contains(where: { $0.bundleId == bundleId }) { apps.append(.init(bundleId: bundleId)) }
        }
        var appGroupType: String?
        if let value = body["appGroupType"], !value.isNull {
            let members = ["selectedPublicApps", "allCoreMicrosoftApps", "allMicrosoftApps", "allApps"]
            guard let text = value.stringValue, members.contains(text) else {
                throw ReplyError(GraphError.badRequest("Parameter 'appGroupType' has an invalid value.", tenant))
            }
            appGroupType = text
        }
        tenant.policies[index].apps = apps
        tenant.policies[index].appGroupType = appGroupType
        tenant.policies[index].lastModifiedDateTime = tenant.nowString
        let list = apps.map(\.bundleId).joined(separator: ",")
        return Reply.noContent.with(detail: "policy=\(tenant.policies[index].id) apps=\(list)")
    }

    /// `POST .../{id}/assign` with `assignments` [{`target` {`groupId`}}]: 204; replaces the assignments.
    @Sendable static func assign(_ tenant: inout Tenant, _ request: IncomingRequest) throws(ReplyError) -> Reply {
        let index = try policyIndex(tenant, request)
        let body = try GraphError.objectBody(request, tenant)
        guard let items = body["assignments"]?.arrayValue else {
            throw ReplyError(GraphError.badRequest("Parameter 'assignments' (an array) is required.", tenant))
        }
        var assignments: [ProtectionPolicy.Assignment] = []
        for item in items {
            guard let target = item["target"], target.objectValue != nil else {
                throw ReplyError(GraphError.badRequest("Each assignment needs a 'target' object.", tenant))
            }
            assignments.append(ProtectionPolicy.Assignment(target: try assignmentTarget(target, tenant)))
        }
        tenant.policies[index].assignments = assignments
        tenant.policies[index].lastModifiedDateTime = tenant.nowString
        let list = assignments.map(\.id).joined(separator: ",")
        return Reply.noContent.with(detail: "policy=\(tenant.policies[index].id) assignments=\(list)")
    }

    private static func assignmentTarget(
        _ target: JSON, _ tenant: Tenant
    ) throws(ReplyError) -> ProtectionPolicy.Assignment.Target {
        let type = target["@odata.type"]?.stringValue ?? "#microsoft.graph.groupAssignmentTarget"
        switch type {
        case "#microsoft.graph.allLicensedUsersAssignmentTarget":
            return .allLicensedUsers
        case "#microsoft.graph.groupAssignmentTarget", "#microsoft.graph.exclusionGroupAssignmentTarget":
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

    private static func policyIndex(_ tenant: Tenant, _ request: IncomingRequest) throws(ReplyError) -> Int {
        guard let index = tenant.policyIndex(id: request.id) else {
            throw ReplyError(GraphError.notFound("iosManagedAppProtection '\(request.id)' does not exist.", tenant))
        }
        return index
    }

    private static func policySettings(
        _ tenant: Tenant, _ request: IncomingRequest, creating: Bool
    ) throws(ReplyError) -> [String: JSON] {
        let body = try GraphError.objectBody(request, tenant)
        do {
            return try PolicySchema.settings(from: .object(body), creating: creating)
        } catch {
            throw ReplyError(GraphError.badRequest(error.message, tenant))
        }
    }

    /// Which navigation properties `$expand` asks for.
    private static func expansions(_ request: IncomingRequest) -> (apps: Bool, assignments: Bool) {
        let names = Set(
            (request.query["$expand"] ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            })
        return (names.contains("apps"), names.contains("assignments"))
    }
}
