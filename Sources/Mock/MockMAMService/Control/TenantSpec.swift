import AdapterProtocol
/// The body of `POST /_mock/tenants`, checked before anything is created.
struct TenantSpec: Sendable {
    struct User: Sendable {
        let alias: String
        let upn: String
        let objectId: String?
        let licensed: Bool
        let password: String
        /// A personal (consumer) account: its tokens name the consumer tenant, not this one.
        var personal = false
        /// Under app-protection Conditional Access: no token for the app's own resources until the app is under
        /// policy for this user (AADSTS53005, issue 27 FM-01).
        var protectionPolicyRequired = false
    }

    struct Group: Sendable {
        let name: String
        let memberAliases: [String]
    }

    let bundleId: String
    let users: [User]
    let groups: [Group]
    /// Alias of the user the simulated (MDM-enrolled) device belongs to, if any.
    let deviceUser: String?

    /// Why a tenant body was refused.
    struct Invalid: Error {
        let reason: String
    }

    /// Reads and checks the body: unique aliases, UPNs and object ids; group members and the device user must be
    /// declared users.
    static func parse(_ body: JSONValue) throws(Invalid) -> TenantSpec {
        guard let object = body.objectValue else { throw Invalid(reason: "the body must be a JSON object") }
        guard let bundleId = object["bundleId"]?.stringValue, !bundleId.isEmpty else {
            throw Invalid(reason: "bundleId (string) is required")
        }
        let users = try parseUsers(object["users"])
        let groups = try parseGroups(object["groups"], users: users)
        let deviceUser = try optionalString(object["deviceUser"], "deviceUser")
        if let deviceUser, !users.contains(where: { $0.alias == deviceUser }) {
            throw Invalid(reason: "deviceUser names an undeclared user alias")
        }
        return TenantSpec(bundleId: bundleId, users: users, groups: groups, deviceUser: deviceUser)
    }

    private static func parseUsers(_ value: JSONValue?) throws(Invalid) -> [User] {
        guard let value, !value.isNull else { return [] }
        guard let items = value.arrayValue else { throw Invalid(reason: "users must be an array") }
        var users: [User] = []
        for (index, item) in items.enumerated() {
            guard let alias = item["alias"]?.stringValue, !alias.isEmpty else {
                throw Invalid(reason: "users[\(index)].alias (string) is required")
            }
            guard let upn = item["upn"]?.stringValue, !upn.isEmpty else {
                throw Invalid(reason: "users[\(index)].upn (string) is required")
            }
            guard let password = item["password"]?.stringValue else {
                throw Invalid(reason: "users[\(index)].password (string) is required")
            }
            let objectId = try optionalString(item["objectId"], "users[\(index)].objectId")
            let licensed: Bool
            switch item["licensed"] {
            case nil, .null?: licensed = true
            case .bool(let value)?: licensed = value
            default: throw Invalid(reason: "users[\(index)].licensed must be a boolean")
            }
            let personal: Bool
            switch item["personal"] {
            case nil, .null?: personal = false
            case .bool(let value)?: personal = value
            default: throw Invalid(reason: "users[\(index)].personal must be a boolean")
            }
            let protectionPolicyRequired: Bool
            switch item["protectionPolicyRequired"] {
            case nil, .null?: protectionPolicyRequired = false
            case .bool(let value)?: protectionPolicyRequired = value
            default: throw Invalid(reason: "users[\(index)].protectionPolicyRequired must be a boolean")
            }
            if users.contains(where: { $0.alias == alias }) { throw Invalid(reason: "duplicate user alias \(alias)") }
            if users.contains(where: { $0.upn.caseInsensitiveCompare(upn) == .orderedSame }) {
                throw Invalid(reason: "duplicate upn \(upn)")
            }
            if let objectId, users.contains(where: { $0.objectId?.caseInsensitiveCompare(objectId) == .orderedSame }) {
                throw Invalid(reason: "duplicate objectId \(objectId)")
            }
            users.append(User(alias: alias, upn: upn, objectId: objectId, licensed: licensed, password: password,
                              personal: personal, protectionPolicyRequired: protectionPolicyRequired))
        }
        return users
    }

    private static func parseGroups(_ value: JSONValue?, users: [User]) throws(Invalid) -> [Group] {
        guard let value, !value.isNull else { return [] }
        guard let items = value.arrayValue else { throw Invalid(reason: "groups must be an array") }
        var groups: [Group] = []
        for (index, item) in items.enumerated() {
            guard let name = item["name"]?.stringValue, !name.isEmpty else {
                throw Invalid(reason: "groups[\(index)].name (string) is required")
            }
            if groups.contains(where: { $0.name == name }) { throw Invalid(reason: "duplicate group name \(name)") }
            var members: [String] = []
            if let membersValue = item["members"], !membersValue.isNull {
                guard let memberItems = membersValue.arrayValue else {
                    throw Invalid(reason: "groups[\(index)].members must be an array of user aliases")
                }
                for member in memberItems {
                    guard let alias = member.stringValue, users.contains(where: { $0.alias == alias }) else {
                        throw Invalid(reason: "groups[\(index)].members names an undeclared user alias")
                    }
                    if !members.contains(alias) { members.append(alias) }
                }
            }
            groups.append(Group(name: name, memberAliases: members))
        }
        return groups
    }

    private static func optionalString(_ value: JSONValue?, _ name: String) throws(Invalid) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)? where !text.isEmpty: return text
        default: throw Invalid(reason: "\(name) must be a non-empty string")
        }
    }
}
