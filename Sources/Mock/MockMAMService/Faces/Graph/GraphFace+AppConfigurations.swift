/// MAM-channel app configurations (`targetedManagedAppConfigurations`): create, read, update, delete, target apps
/// and assign, like protection policies.
extension GraphFace {
    static let appConfigurations = "deviceAppManagement/targetedManagedAppConfigurations"

    /// `GET .../targetedManagedAppConfigurations`: `value` [configuration]; `$expand=apps,assignments` is honoured.
    @Sendable static func listAppConfigurations(
        _ tenant: inout Tenant, _ request: IncomingRequest
    ) throws(ReplyError) -> Reply {
        let (apps, assignments) = expansions(request)
        return collection(
            appConfigurations,
            tenant.appConfigurations.map { $0.graphObject(expandApps: apps, expandAssignments: assignments) })
    }

    /// `GET .../targetedManagedAppConfigurations/{id}`.
    @Sendable static func getAppConfiguration(
        _ tenant: inout Tenant, _ request: IncomingRequest
    ) throws(ReplyError) -> Reply {
        let index = try appConfigurationIndex(tenant, request)
        let (apps, assignments) = expansions(request)
        return entity(
            .ok, appConfigurations,
            tenant.appConfigurations[index].graphObject(expandApps: apps, expandAssignments: assignments))
    }

    /// `POST .../targetedManagedAppConfigurations`: 201 with `id` and `version` ("1").
    @Sendable static func createAppConfiguration(
        _ tenant: inout Tenant, _ request: IncomingRequest
    ) throws(ReplyError) -> Reply {
        let body = try GraphError.objectBody(request, tenant)
        let settings = try checked(TargetedAppConfiguration.schema, body, tenant, creating: true)
        let configuration = TargetedAppConfiguration(
            id: Identifiers.uuid(), settings: settings, version: 1, createdDateTime: tenant.nowString,
            lastModifiedDateTime: tenant.nowString)
        tenant.appConfigurations.append(configuration)
        return entity(.created, appConfigurations, configuration.graphObject())
            .with(detail: "appConfiguration=\(configuration.id) version=1 keys=\(configuration.customSettings.count)")
    }

    /// `PATCH .../targetedManagedAppConfigurations/{id}`: 204; merges the properties (a new `customSettings`
    /// replaces the old list) and raises `version` by one.
    @Sendable static func updateAppConfiguration(
        _ tenant: inout Tenant, _ request: IncomingRequest
    ) throws(ReplyError) -> Reply {
        let index = try appConfigurationIndex(tenant, request)
        let body = try GraphError.objectBody(request, tenant)
        let settings = try checked(TargetedAppConfiguration.schema, body, tenant, creating: false)
        tenant.appConfigurations[index].settings.merge(settings) { _, new in new }
        tenant.appConfigurations[index].version += 1
        tenant.appConfigurations[index].lastModifiedDateTime = tenant.nowString
        let configuration = tenant.appConfigurations[index]
        return Reply.noContent.with(detail: "appConfiguration=\(configuration.id) version=\(configuration.version)")
    }

    /// `DELETE .../targetedManagedAppConfigurations/{id}`: 204.
    @Sendable static func deleteAppConfiguration(
        _ tenant: inout Tenant, _ request: IncomingRequest
    ) throws(ReplyError) -> Reply {
        let index = try appConfigurationIndex(tenant, request)
        let configuration = tenant.appConfigurations.remove(at: index)
        return Reply.noContent.with(detail: "appConfiguration=\(configuration.id)")
    }

    /// `POST .../{id}/targetApps`, the protection-policy body: 204; replaces the app list.
    @Sendable static func targetAppConfigurationApps(
        _ tenant: inout Tenant, _ request: IncomingRequest
    ) throws(ReplyError) -> Reply {
        let index = try appConfigurationIndex(tenant, request)
        let (apps, appGroupType) = try targetAppsBody(request, tenant)
        tenant.appConfigurations[index].apps = apps
        tenant.appConfigurations[index].appGroupType = appGroupType
        tenant.appConfigurations[index].lastModifiedDateTime = tenant.nowString
        let list = apps.map(\.bundleId).joined(separator: ",")
        return Reply.noContent.with(detail: "appConfiguration=\(tenant.appConfigurations[index].id) apps=\(list)")
    }

    /// `POST .../{id}/assign`, the protection-policy body: 204; replaces the assignments.
    @Sendable static func assignAppConfiguration(
        _ tenant: inout Tenant, _ request: IncomingRequest
    ) throws(ReplyError) -> Reply {
        let index = try appConfigurationIndex(tenant, request)
        let assignments = try assignBody(request, tenant, assignmentType: managedAppAssignmentType)
        tenant.appConfigurations[index].assignments = assignments
        tenant.appConfigurations[index].lastModifiedDateTime = tenant.nowString
        let list = assignments.map(\.id).joined(separator: ",")
        return Reply.noContent.with(
            detail: "appConfiguration=\(tenant.appConfigurations[index].id) assignments=\(list)")
    }

    private static func appConfigurationIndex(_ tenant: Tenant, _ request: IncomingRequest) throws(ReplyError) -> Int {
        guard let index = tenant.appConfigurationIndex(id: request.id) else {
            throw ReplyError(
                GraphError.notFound("targetedManagedAppConfiguration '\(request.id)' does not exist.", tenant))
        }
        return index
    }
}
