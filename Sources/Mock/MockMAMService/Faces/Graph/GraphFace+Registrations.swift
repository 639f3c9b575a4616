/// App registrations and selective wipe: what the harness reads back and how it asks for a wipe.
extension GraphFace {
    /// `GET .../managedAppRegistrations`: `value` [iosManagedAppRegistration], oldest first.
    @Sendable static func listRegistrations(_ tenant: inout Tenant, _ request: IncomingRequest) throws(ReplyError) -> Reply {
        if request.query["$filter"] != nil {
            throw ReplyError(GraphError.badRequest("$filter is not supported on managedAppRegistrations by the mock.", tenant))
        }
        return Reply.json(
            .ok,
            [
                "@odata.context": context("deviceAppManagement/managedAppRegistrations"),
                "value": .array(tenant.registrations.map { $0.graphObject() }),
            ])
    }

    /// `POST /users/{id}/wipeManagedAppRegistrationsByDeviceTag` with `deviceTag`: 204.
    ///
    /// Creates one pending wipe request per registration of that user with that device tag; each is delivered at
    /// the registration's next check-in.
    @Sendable static func wipeByDeviceTag(_ tenant: inout Tenant, _ request: IncomingRequest) throws(ReplyError) -> Reply {
        guard let user = tenant.user(objectId: request.id) else {
            throw ReplyError(GraphError.notFound("User '\(request.id)' does not exist.", tenant))
        }
        let body = try GraphError.objectBody(request, tenant)
        guard let deviceTag = body["deviceTag"]?.stringValue, !deviceTag.isEmpty else {
            throw ReplyError(GraphError.badRequest("Parameter 'deviceTag' is required.", tenant))
        }
        var created = 0
        for registration in tenant.registrations
        where registration.matches(accountId: user.objectId, deviceTag: deviceTag, bundleId: nil) {
            let alreadyOpen = tenant.wipeRequests.contains {
                $0.registrationId == registration.id && $0.state != .done
            }
            if alreadyOpen { continue }
            tenant.wipeRequests.append(
                WipeRequest(
                    id: Identifiers.uuid(), userId: user.objectId, deviceTag: deviceTag, registrationId: registration.id,
                    requestedDateTime: tenant.nowString, state: .pending))
            created += 1
        }
        return Reply.noContent.with(accountId: user.objectId, detail: "deviceTag=\(deviceTag) wipeRequests=\(created)")
    }
}
