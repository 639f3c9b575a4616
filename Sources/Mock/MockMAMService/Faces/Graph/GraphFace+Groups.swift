import AdapterProtocol

/// Groups and group membership: how the harness puts a user in scope of a policy assignment.
extension GraphFace {
    /// `GET /groups`: every group of the tenant, in creation order.
    @Sendable static func listGroups(_ tenant: inout Tenant, _ request: IncomingRequest) throws(ReplyError) -> Reply {
        collection("groups", tenant.groups.map { $0.graphObject() })
    }

    /// `GET /groups/{id}`: the group, or a Graph-shaped 404.
    @Sendable static func getGroup(_ tenant: inout Tenant, _ request: IncomingRequest) throws(ReplyError) -> Reply {
        guard let index = tenant.groupIndex(id: request.id) else {
            throw ReplyError(GraphError.directoryObjectNotFound(request.id, tenant))
        }
        return entity(.ok, "groups", tenant.groups[index].graphObject())
    }

    /// `DELETE /groups/{id}`: 204. Assignments naming the group are left as they are, as in Entra, where a
    /// deleted group's assignments simply stop matching anyone.
    @Sendable static func deleteGroup(_ tenant: inout Tenant, _ request: IncomingRequest) throws(ReplyError) -> Reply {
        guard let index = tenant.groupIndex(id: request.id) else {
            throw ReplyError(GraphError.directoryObjectNotFound(request.id, tenant))
        }
        let group = tenant.groups.remove(at: index)
        return Reply.noContent.with(detail: "group=\(group.id)")
    }

    /// The most members one `POST /groups` may bind (Graph's limit for `members@odata.bind` at creation).
    static let membersBoundAtCreation = 20

    /// `POST /groups`: 201 with the group; `displayName` is required. `members@odata.bind` (at most 20 user URLs)
    /// creates the group with those members, as Graph does: one unknown user or a repeated one refuses the whole
    /// request, and no group is made.
    @Sendable static func createGroup(_ tenant: inout Tenant, _ request: IncomingRequest) throws(ReplyError) -> Reply {
        var body = try GraphError.objectBody(request, tenant)
        let memberIds = try boundMembers(body.removeValue(forKey: "members@odata.bind"), in: tenant)
        guard let displayName = body["displayName"]?.stringValue, !displayName.isEmpty else {
            throw ReplyError(GraphError.badRequest("Property 'displayName' is required.", tenant))
        }
        for name in ["mailEnabled", "securityEnabled"] where body[name] != nil && body[name]?.boolValue == nil {
            throw ReplyError(GraphError.badRequest("Property '\(name)' must be a boolean.", tenant))
        }
        if let nickname = body["mailNickname"], nickname.stringValue == nil {
            throw ReplyError(GraphError.badRequest("Property 'mailNickname' must be a string.", tenant))
        }
        for name in ["id", "displayName", "createdDateTime"] { body[name] = nil }
        let group = MockGroup(
            id: Identifiers.uuid(), displayName: displayName, properties: body.filter { !$0.key.hasPrefix("@odata.") },
            createdDateTime: tenant.nowString, memberIds: memberIds)
        tenant.groups.append(group)
        var object = group.graphObject().objectValue ?? [:]
        object["@odata.context"] = context("groups/$entity")
        let members = memberIds.isEmpty ? "" : " members=\(memberIds.joined(separator: ","))"
        return Reply.json(.created, .object(object)).with(detail: "group=\(group.id) displayName=\(displayName)\(members)")
    }

    /// The object ids `members@odata.bind` names (each URL ends in a user's object id), in its order.
    private static func boundMembers(_ binding: JSONValue?, in tenant: Tenant) throws(ReplyError) -> [String] {
        guard let binding else { return [] }
        guard let references = binding.arrayValue, references.allSatisfy({ $0.stringValue != nil }) else {
            throw ReplyError(GraphError.badRequest("Property 'members@odata.bind' must be an array of directory object URLs.", tenant))
        }
        guard references.count <= membersBoundAtCreation else {
            throw ReplyError(GraphError.badRequest(
                "Property 'members@odata.bind' binds \(references.count) members; a request may bind at most \(membersBoundAtCreation).", tenant))
        }
        var memberIds: [String] = []
        for reference in references.compactMap(\.stringValue) {
            let objectId = directoryObjectId(in: reference) ?? ""
            guard let user = tenant.user(objectId: objectId) else {
                throw ReplyError(GraphError.directoryObjectNotFound(objectId, tenant))
            }
            guard !memberIds.contains(user.objectId) else { throw ReplyError(memberAlreadyThere(tenant)) }
            memberIds.append(user.objectId)
        }
        return memberIds
    }

    /// The object id a directory object URL ends in (`…/directoryObjects/{id}`); nil when it ends in none.
    private static func directoryObjectId(in reference: String) -> String? {
        reference.split(separator: "/").last.map(String.init).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Graph's answer to binding or adding a member the group has already (or a request names twice).
    private static func memberAlreadyThere(_ tenant: Tenant) -> Reply {
        GraphError.badRequest("One or more added object references already exist for the following modified properties: 'members'.", tenant)
    }

    /// `POST /groups/{id}/members/$ref` with `@odata.id` ending in a user's object id: 204.
    @Sendable static func addGroupMember(_ tenant: inout Tenant, _ request: IncomingRequest) throws(ReplyError) -> Reply {
        guard let index = tenant.groupIndex(id: request.id) else {
            throw ReplyError(GraphError.notFound("Group '\(request.id)' does not exist.", tenant))
        }
        let body = try GraphError.objectBody(request, tenant)
        guard let reference = body["@odata.id"]?.stringValue, let objectId = directoryObjectId(in: reference) else {
            throw ReplyError(GraphError.badRequest("Property '@odata.id' (a directory object URL) is required.", tenant))
        }
        guard let user = tenant.user(objectId: objectId) else {
            throw ReplyError(GraphError.notFound("Resource '\(objectId)' does not exist.", tenant))
        }
        guard !tenant.groups[index].hasMember(user.objectId) else {
            throw ReplyError(memberAlreadyThere(tenant).with(accountId: user.objectId))
        }
        tenant.groups[index].memberIds.append(user.objectId)
        return Reply.noContent.with(accountId: user.objectId, detail: "group=\(tenant.groups[index].id)")
    }

    /// `DELETE /groups/{id}/members/{userId}/$ref`: 204; takes a user out of scope of the group's assignments.
    @Sendable static func removeGroupMember(_ tenant: inout Tenant, _ request: IncomingRequest) throws(ReplyError) -> Reply {
        guard let index = tenant.groupIndex(id: request.id) else {
            throw ReplyError(GraphError.notFound("Group '\(request.id)' does not exist.", tenant))
        }
        let memberId = request.parameters["member"] ?? ""
        guard let position = tenant.groups[index].memberIds.firstIndex(where: {
            $0.caseInsensitiveCompare(memberId) == .orderedSame
        }) else {
            throw ReplyError(GraphError.notFound("Resource '\(memberId)' is not a member of the group.", tenant))
        }
        let objectId = tenant.groups[index].memberIds.remove(at: position)
        return Reply.noContent.with(accountId: objectId, detail: "group=\(tenant.groups[index].id)")
    }
}
