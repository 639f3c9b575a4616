import AdapterProtocol
/// A MAM-channel app configuration (Graph `targetedManagedAppConfiguration`) with its target apps and assignments.
///
/// It reaches the SDK through the MAM service at check-in (CFG), never through the device channel, and only for a
/// user it is assigned to in an app it targets, which is why it carries the same `apps` and `assignments` as a
/// protection policy.
struct TargetedAppConfiguration: Sendable, Codable {
    static let schema = GraphEntitySchema(
        typeName: "targetedManagedAppConfiguration",
        writable: [
            "displayName": .string,
            "description": .nullableString,
            "customSettings": .complexList(CustomSetting.graphType),
        ],
        readOnly: ["id", "version", "createdDateTime", "lastModifiedDateTime", "isAssigned", "deployedAppCount"],
        navigation: [
            "apps": "targetApps", "assignments": "assign", "deploymentSummary": "the deploymentSummary endpoint",
        ])

    let id: String
    /// Writable properties as posted: `displayName`, `description`, `customSettings`.
    var settings: [String: JSONValue]
    /// Goes up by one on every PATCH; Graph types it as a string.
    var version: Int
    let createdDateTime: String
    var lastModifiedDateTime: String
    var apps: [TargetedApp] = []
    var appGroupType: String?
    var assignments: [PolicyAssignment] = []

    var customSettings: [CustomSetting] { CustomSetting.list(settings["customSettings"]) }

    func targetsApp(_ bundleId: String) -> Bool {
        apps.contains { $0.matches(bundleId) }
    }

    /// The configuration as Graph returns it; `apps` and `assignments` only when `$expand` asks for them.
    func graphObject(expandApps: Bool = false, expandAssignments: Bool = false) -> JSONValue {
        var object = settings
        object["@odata.type"] = .string(Self.schema.odataType)
        object["id"] = .string(id)
        object["version"] = .string(String(version))
        object["createdDateTime"] = .string(createdDateTime)
        object["lastModifiedDateTime"] = .string(lastModifiedDateTime)
        object["isAssigned"] = .bool(!assignments.isEmpty)
        object["deployedAppCount"] = .number(Double(apps.count))
        if object["customSettings"] == nil { object["customSettings"] = [] }
        if expandApps { object["apps"] = .array(apps.map { $0.graphObject() }) }
        if expandAssignments { object["assignments"] = .array(assignments.map { $0.graphObject() }) }
        return .object(object)
    }
}
