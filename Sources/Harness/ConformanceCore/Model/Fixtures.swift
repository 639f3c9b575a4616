import AdapterProtocol

/// A directory user of a test tenant. Suites refer to users by alias only.
public struct UserFixture: Sendable, Hashable {
    public var alias: String
    public var upn: String
    public var objectId: String
    public var licensed: Bool
    public var password: String
    /// A personal (consumer) account rather than one of the organisation: the app signs it in but must never
    /// register it with the SDK (ENR-14). Its tokens name the consumer tenant.
    public var personal: Bool
    /// Under app-protection Conditional Access: the token service refuses the app a token for its own resources
    /// (`protection_policy_required`) until an enrollment of the account applied a policy (CA-01…CA-03). Only the
    /// mock arranges it.
    public var protectionPolicyRequired: Bool

    public init(alias: String, upn: String, objectId: String, licensed: Bool, password: String, personal: Bool = false,
                protectionPolicyRequired: Bool = false) {
        self.alias = alias
        self.upn = upn
        self.objectId = objectId
        self.licensed = licensed
        self.password = password
        self.personal = personal
        self.protectionPolicyRequired = protectionPolicyRequired
    }
}

/// A security group of a test tenant, with members named by alias.
public struct GroupFixture: Sendable, Hashable {
    public var name: String
    public var members: [String]

    public init(name: String, members: [String]) {
        self.name = name
        self.members = members
    }
}

/// A tenant as loaded from `fixtures/tenants/NAME.yaml`.
public struct TenantFixture: Sendable {
    public var name: String
    public var bundleId: String
    public var users: [UserFixture]
    public var groups: [GroupFixture]

    public init(name: String, bundleId: String, users: [UserFixture], groups: [GroupFixture]) {
        self.name = name
        self.bundleId = bundleId
        self.users = users
        self.groups = groups
    }

    public func user(_ alias: String) -> UserFixture? { users.first { $0.alias == alias } }
}

/// An iOS app protection policy as loaded from `fixtures/policies/NAME.yaml`: Graph settings plus the
/// groups it is assigned to. The app it targets is the tenant's bundle id unless `apps` says otherwise.
public struct PolicyFixture: Sendable {
    public var name: String
    public var displayName: String
    public var settings: [String: JSONValue]
    public var assignedGroups: [String]
    public var apps: [String]?

    public init(name: String, displayName: String, settings: [String: JSONValue], assignedGroups: [String], apps: [String]?) {
        self.name = name
        self.displayName = displayName
        self.settings = settings
        self.assignedGroups = assignedGroups
        self.apps = apps
    }
}
