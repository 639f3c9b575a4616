import AdapterProtocol

/// A directory change an administrator makes that the MAM service only sees in the tokens: a user's UPN (IDN-01).
///
/// A control rather than Graph's `PATCH /users/{id}` because the harness never renames a real tenant's users: the
/// case is the mock's alone (`isolated-tenant`). Like all controls it is not journalled.
extension ControlFace {
    /// `PATCH /_mock/tenants/{t}/users/{id}` with `userPrincipalName`: 204. The object ID stays; tokens issued from
    /// now on (refreshes of earlier sign-ins too) name the new UPN, and sign-in takes only the new one.
    func renameUser(_ request: IncomingRequest) async -> Reply {
        let object: [String: JSONValue]
        do { object = try Self.objectBody(request, allowed: ["userPrincipalName"]) } catch { return error.reply }
        guard case .string(let upn)? = object["userPrincipalName"], Self.isUPN(upn) else {
            return Self.badRequest("userPrincipalName (name@domain) is required")
        }
        let userId = request.parameters["id"] ?? ""
        let outcome: Reply? = await state.withTenant(request.parameters["tenant"] ?? "") { tenant in
            guard let index = tenant.users.firstIndex(where: { $0.objectId.caseInsensitiveCompare(userId) == .orderedSame }) else {
                return Reply.json(.notFound, ["error": .string("no user with object id '\(userId)'")])
            }
            if let other = tenant.user(upn: upn), other.objectId != tenant.users[index].objectId {
                return Self.badRequest("another user already has the UPN \(upn)")
            }
            tenant.users[index].upn = upn
            return Reply.noContent
        }
        return outcome ?? Self.unknownTenant
    }

    /// A UPN's shape: one `@` with something on each side, and no spaces.
    static func isUPN(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty && !text.contains(" ")
    }
}
