import AdapterProtocol
/// An MDM-channel app configuration (Graph `iosMobileAppConfiguration`): key/value settings pushed to apps on
/// managed devices through the operating system's managed app configuration.
///
/// It is how administrators set the allowed-accounts keys (`IntuneMAMAllowedAccountsOnly`, `IntuneMAMUPN`,
/// `IntuneMAMOID`), so the mock models it just far enough to deliver those to the simulated device (ALW).
struct MobileAppConfiguration: Sendable, Codable {
    /// One `{appConfigKey, appConfigKeyType, appConfigKeyValue}` item; all three are non-null in the CSDL.
    static let settingItem = GraphComplexType(
        name: "appConfigurationSettingItem",
        members: [
            "appConfigKey": .string,
            "appConfigKeyType": .enumeration(["stringType", "integerType", "realType", "booleanType", "tokenType"]),
            "appConfigKeyValue": .string,
        ],
        required: ["appConfigKey", "appConfigKeyType", "appConfigKeyValue"])

    static let schema = GraphEntitySchema(
        typeName: "iosMobileAppConfiguration",
        odataTypeRequired: true,
        writable: [
            "displayName": .string,
            "description": .nullableString,
            "targetedMobileApps": .stringList,
            "settings": .complexList(settingItem),
        ],
        readOnly: ["id", "version", "createdDateTime", "lastModifiedDateTime"],
        navigation: [
            "assignments": "assign", "deviceStatuses": "the deviceStatuses endpoint",
            "deviceStatusSummary": "the deviceStatusSummary endpoint", "userStatuses": "the userStatuses endpoint",
            "userStatusSummary": "the userStatusSummary endpoint",
        ],
        unsupported: ["encodedSettingXml": "send 'settings' instead"])

    let id: String
    /// Writable properties as posted: `displayName`, `description`, `targetedMobileApps`, `settings`.
    var settings: [String: JSONValue]
    /// Goes up by one on every PATCH; Graph types it as an Int32.
    var version: Int
    let createdDateTime: String
    var lastModifiedDateTime: String
    var assignments: [PolicyAssignment] = []

    /// Catalogue ids of the apps the configuration targets.
    var targetedMobileAppIds: [String] {
        (settings["targetedMobileApps"]?.arrayValue ?? []).compactMap(\.stringValue)
    }

    /// The key/value settings in posted order; every value is delivered as a string, as Graph stores it.
    var items: [(key: String, value: String)] {
        (settings["settings"]?.arrayValue ?? []).compactMap { item in
            guard let key = item["appConfigKey"]?.stringValue, let value = item["appConfigKeyValue"]?.stringValue
            else { return nil }
            return (key, value)
        }
    }

    /// The configuration as Graph returns it; `assignments` only when `$expand` asks for them.
    func graphObject(expandAssignments: Bool = false) -> JSONValue {
        var object = settings
        object["@odata.type"] = .string(Self.schema.odataType)
        object["id"] = .string(id)
        object["version"] = .number(Double(version))
        object["createdDateTime"] = .string(createdDateTime)
        object["lastModifiedDateTime"] = .string(lastModifiedDateTime)
        if object["targetedMobileApps"] == nil { object["targetedMobileApps"] = [] }
        if object["settings"] == nil { object["settings"] = [] }
        if expandAssignments {
            object["assignments"] = .array(
                assignments.map { $0.graphObject(odataType: GraphFace.deviceConfigurationAssignmentType) })
        }
        return .object(object)
    }
}
