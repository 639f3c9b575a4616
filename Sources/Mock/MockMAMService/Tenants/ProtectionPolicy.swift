import AdapterProtocol
/// An iOS app protection policy (Graph `iosManagedAppProtection`) with its target apps and assignments.
///
/// Settings are kept as posted (after validation) because the SDK receives them unchanged at check-in.
struct ProtectionPolicy: Sendable, Codable {
    static let odataType = "#microsoft.graph.iosManagedAppProtection"

    let id: String
    /// Writable settings, `displayName` included; never `id`, `version` or other read-only properties.
    var settings: [String: JSONValue]
    /// Goes up by one on every PATCH.
    var version: Int
    let createdDateTime: String
    var lastModifiedDateTime: String
    var apps: [TargetedApp]
    var appGroupType: String?
    var assignments: [PolicyAssignment]

    /// `<id>:<version>`, the version string the SDK holds and sends back at check-in.
    var policyVersion: String { "\(id):\(version)" }

    func targetsApp(_ bundleId: String) -> Bool {
        apps.contains { $0.matches(bundleId) }
    }

    /// The policy as Graph returns it; `apps` and `assignments` only when `$expand` asks for them.
    func graphObject(expandApps: Bool = false, expandAssignments: Bool = false) -> JSONValue {
        var object = settings
        object["@odata.type"] = .string(Self.odataType)
        object["id"] = .string(id)
        object["version"] = .string(String(version))
        object["createdDateTime"] = .string(createdDateTime)
        object["lastModifiedDateTime"] = .string(lastModifiedDateTime)
        object["isAssigned"] = .bool(!assignments.isEmpty)
        object["deployedAppCount"] = .number(Double(apps.count))
        if expandApps { object["apps"] = .array(apps.map { $0.graphObject() }) }
        if expandAssignments { object["assignments"] = .array(assignments.map { $0.graphObject() }) }
        return .object(object)
    }

    /// The policy as the MAM service sends it at check-in: the settings plus `id` and `version`.
    func sdkPolicy() -> JSONValue {
        var object = settings.filter { !$0.key.hasPrefix("@odata.") }
        object["id"] = .string(id)
        object["version"] = .string(String(version))
        return .object(object)
    }
}
