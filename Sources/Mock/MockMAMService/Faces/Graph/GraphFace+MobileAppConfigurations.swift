import AdapterProtocol
/// MDM-channel app configurations (`mobileAppConfigurations`): create, read, update, delete and assign.
extension GraphFace {
    static let mobileAppConfigurations = "deviceAppManagement/mobileAppConfigurations"

    /// `GET .../mobileAppConfigurations`: `value` [configuration]; `$expand=assignments` is honoured.
    @Sendable static func listMobileAppConfigurations(
        _ tenant: inout Tenant, _ request: IncomingRequest
    ) throws(ReplyError) -> Reply {
        let assignments = expansions(request).assignments
        return collection(
            mobileAppConfigurations,
            tenant.mobileAppConfigurations.map { $0.graphObject(expandAssignments: assignments) })
    }

    /// `GET .../mobileAppConfigurations/{id}`.
    @Sendable static func getMobileAppConfiguration(
        _ tenant: inout Tenant, _ request: IncomingRequest
    ) throws(ReplyError) -> Reply {
        let index = try mobileAppConfigurationIndex(tenant, request)
        let assignments = expansions(request).assignments
        return entity(
            .ok, mobileAppConfigurations,
            tenant.mobileAppConfigurations[index].graphObject(expandAssignments: assignments))
    }

    /// `POST .../mobileAppConfigurations` (`#microsoft.graph.iosMobileAppConfiguration`): 201 with `id` and
    /// `version` (1).
    @Sendable static func createMobileAppConfiguration(
        _ tenant: inout Tenant, _ request: IncomingRequest
    ) throws(ReplyError) -> Reply {
        let settings = try mobileAppConfigurationSettings(tenant, request, creating: true)
        let configuration = MobileAppConfiguration(
            id: Identifiers.uuid(), settings: settings, version: 1, createdDateTime: tenant.nowString,
            lastModifiedDateTime: tenant.nowString)
        tenant.mobileAppConfigurations.append(configuration)
        return entity(.created, mobileAppConfigurations, configuration.graphObject())
            .with(detail: "mobileAppConfiguration=\(configuration.id) version=1 keys=\(configuration.items.count)")
    }

    /// `PATCH .../mobileAppConfigurations/{id}`: 204; merges the properties (a new `settings` replaces the old
    /// list) and raises `version` by one.
    @Sendable static func updateMobileAppConfiguration(
        _ tenant: inout Tenant, _ request: IncomingRequest
    ) throws(ReplyError) -> Reply {
        let index = try mobileAppConfigurationIndex(tenant, request)
        let settings = try mobileAppConfigurationSettings(tenant, request, creating: false)
        tenant.mobileAppConfigurations[index].settings.merge(settings) { _, new in new }
        tenant.mobileAppConfigurations[index].version += 1
        tenant.mobileAppConfigurations[index].lastModifiedDateTime = tenant.nowString
        let configuration = tenant.mobileAppConfigurations[index]
        return Reply.noContent.with(
            detail: "mobileAppConfiguration=\(configuration.id) version=\(configuration.version)")
    }

    /// `DELETE .../mobileAppConfigurations/{id}`: 204.
    @Sendable static func deleteMobileAppConfiguration(
        _ tenant: inout Tenant, _ request: IncomingRequest
    ) throws(ReplyError) -> Reply {
        let index = try mobileAppConfigurationIndex(tenant, request)
        let configuration = tenant.mobileAppConfigurations.remove(at: index)
        return Reply.noContent.with(detail: "mobileAppConfiguration=\(configuration.id)")
    }

    /// `POST .../{id}/assign` with `assignments` [managedDeviceMobileAppConfigurationAssignment]: 204; replaces
    /// the assignments. All-devices targets are accepted here, unlike on the MAM channel.
    @Sendable static func assignMobileAppConfiguration(
        _ tenant: inout Tenant, _ request: IncomingRequest
    ) throws(ReplyError) -> Reply {
        let index = try mobileAppConfigurationIndex(tenant, request)
        let assignments = try assignBody(
            request, tenant, assignmentType: deviceConfigurationAssignmentType, allowAllDevices: true)
        tenant.mobileAppConfigurations[index].assignments = assignments
        tenant.mobileAppConfigurations[index].lastModifiedDateTime = tenant.nowString
        let list = assignments.map(\.id).joined(separator: ",")
        return Reply.noContent.with(
            detail: "mobileAppConfiguration=\(tenant.mobileAppConfigurations[index].id) assignments=\(list)")
    }

    private static func mobileAppConfigurationIndex(
        _ tenant: Tenant, _ request: IncomingRequest
    ) throws(ReplyError) -> Int {
        guard let index = tenant.mobileAppConfigurationIndex(id: request.id) else {
            throw ReplyError(
                GraphError.notFound("managedDeviceMobileAppConfiguration '\(request.id)' does not exist.", tenant))
        }
        return index
    }

    /// Checks the body; `targetedMobileApps` must name catalogue ids (a bundle id there is the classic mistake).
    private static func mobileAppConfigurationSettings(
        _ tenant: Tenant, _ request: IncomingRequest, creating: Bool
    ) throws(ReplyError) -> [String: JSONValue] {
        let body = try GraphError.objectBody(request, tenant)
        let settings = try checked(MobileAppConfiguration.schema, body, tenant, creating: creating)
        for appId in (settings["targetedMobileApps"]?.arrayValue ?? []).compactMap(\.stringValue)
        where tenant.mobileAppIndex(id: appId) == nil {
            throw ReplyError(
                GraphError.badRequest(
                    "targetedMobileApps: '\(appId)' is not a mobileApp id (use the id from mobileApps, not a bundle id).",
                    tenant))
        }
        return settings
    }
}
