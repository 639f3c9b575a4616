/// The app catalogue (`mobileApps`): just enough for mobile app configurations to name their apps.
extension GraphFace {
    static let mobileApps = "deviceAppManagement/mobileApps"

    /// `GET .../mobileApps`: `value` [iosStoreApp]; `$filter` is refused (filter on the client).
    @Sendable static func listMobileApps(_ tenant: inout Tenant, _ request: IncomingRequest) throws(ReplyError) -> Reply {
        if request.query["$filter"] != nil {
            throw ReplyError(GraphError.badRequest("$filter is not supported on mobileApps by the mock.", tenant))
        }
        return collection(mobileApps, tenant.mobileApps.map { $0.graphObject() })
    }

    /// `GET .../mobileApps/{id}`.
    @Sendable static func getMobileApp(_ tenant: inout Tenant, _ request: IncomingRequest) throws(ReplyError) -> Reply {
        guard let index = tenant.mobileAppIndex(id: request.id) else {
            throw ReplyError(GraphError.notFound("mobileApp '\(request.id)' does not exist.", tenant))
        }
        return entity(.ok, mobileApps, tenant.mobileApps[index].graphObject())
    }

    /// `POST .../mobileApps` (`#microsoft.graph.iosStoreApp` with `displayName` and `bundleId`): 201 with `id`.
    @Sendable static func createMobileApp(_ tenant: inout Tenant, _ request: IncomingRequest) throws(ReplyError) -> Reply {
        let body = try GraphError.objectBody(request, tenant)
        let settings = try checked(MobileApp.schema, body, tenant, creating: true)
        guard let bundleId = settings["bundleId"]?.stringValue, !bundleId.isEmpty else {
            throw ReplyError(GraphError.badRequest("Property 'bundleId' must be a non-empty string.", tenant))
        }
        let app = MobileApp(
            id: Identifiers.uuid(), settings: settings, createdDateTime: tenant.nowString,
            lastModifiedDateTime: tenant.nowString)
        tenant.mobileApps.append(app)
        return entity(.created, mobileApps, app.graphObject()).with(detail: "mobileApp=\(app.id) bundleId=\(bundleId)")
    }

    /// `DELETE .../mobileApps/{id}`: 204; the app disappears from the catalogue (configurations naming it stay).
    @Sendable static func deleteMobileApp(_ tenant: inout Tenant, _ request: IncomingRequest) throws(ReplyError) -> Reply {
        guard let index = tenant.mobileAppIndex(id: request.id) else {
            throw ReplyError(GraphError.notFound("mobileApp '\(request.id)' does not exist.", tenant))
        }
        let app = tenant.mobileApps.remove(at: index)
        return Reply.noContent.with(detail: "mobileApp=\(app.id)")
    }
}
