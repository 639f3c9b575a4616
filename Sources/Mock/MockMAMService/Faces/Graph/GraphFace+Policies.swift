import AdapterProtocol
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
        return update(&tenant, policyAt: index, with: settings, detail: "")
    }

    /// Merges `settings` into the policy and raises its `version` by one: 204.
    private static func update(_ tenant: inout Tenant, policyAt index: Int, with settings: [String: JSONValue],
                               detail: String) -> Reply {
        tenant.policies[index].settings.merge(settings) { _, new in new }
        tenant.policies[index].version += 1
        tenant.policies[index].lastModifiedDateTime = tenant.nowString
        let policy = tenant.policies[index]
        return Reply.noContent.with(detail: "policy=\(policy.id) version=\(policy.version)\(detail)")
    }

    /// `PATCH /beta/.../iosManagedAppProtections/{id}`: as the v1.0 PATCH, for the settings only beta takes
    /// (`notificationRestriction`, POL-11).
    @Sendable static func updatePolicyBeta(_ tenant: inout Tenant, _ request: IncomingRequest) throws(ReplyError) -> Reply {
        let index = try policyIndex(tenant, request)
        let body = try GraphError.objectBody(request, tenant)
        let settings = try checked(PolicySchema.betaSchema, body, tenant, creating: false)
        return update(&tenant, policyAt: index, with: settings, detail: " beta")
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
        let (apps, appGroupType) = try targetAppsBody(request, tenant)
        tenant.policies[index].apps = apps
        tenant.policies[index].appGroupType = appGroupType
        tenant.policies[index].lastModifiedDateTime = tenant.nowString
        let list = apps.map(\.bundleId).joined(separator: ",")
        return Reply.noContent.with(detail: "policy=\(tenant.policies[index].id) apps=\(list)")
    }

    /// `POST .../{id}/assign` with `assignments` [{`target` {`groupId`}}]: 204; replaces the assignments.
    @Sendable static func assign(_ tenant: inout Tenant, _ request: IncomingRequest) throws(ReplyError) -> Reply {
        let index = try policyIndex(tenant, request)
        let assignments = try assignBody(request, tenant, assignmentType: managedAppAssignmentType)
        tenant.policies[index].assignments = assignments
        tenant.policies[index].lastModifiedDateTime = tenant.nowString
        let list = assignments.map(\.id).joined(separator: ",")
        return Reply.noContent.with(detail: "policy=\(tenant.policies[index].id) assignments=\(list)")
    }

    private static func policyIndex(_ tenant: Tenant, _ request: IncomingRequest) throws(ReplyError) -> Int {
        guard let index = tenant.policyIndex(id: request.id) else {
            throw ReplyError(GraphError.notFound("iosManagedAppProtection '\(request.id)' does not exist.", tenant))
        }
        return index
    }

    private static func policySettings(
        _ tenant: Tenant, _ request: IncomingRequest, creating: Bool
    ) throws(ReplyError) -> [String: JSONValue] {
        let body = try GraphError.objectBody(request, tenant)
        return try checked(PolicySchema.schema, body, tenant, creating: creating)
    }
}
