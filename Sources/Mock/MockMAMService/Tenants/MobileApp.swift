import AdapterProtocol
/// An app in the tenant's app catalogue (Graph `iosStoreApp`).
///
/// Mobile app configurations name their apps by these catalogue ids, not by bundle id, so the device channel needs
/// the catalogue to learn which bundle a configuration reaches.
struct MobileApp: Sendable, Codable {
    static let deviceType = GraphComplexType(name: "iosDeviceType", members: ["iPad": .boolean, "iPhoneAndIPod": .boolean])
    static let minimumOperatingSystem = GraphComplexType(
        name: "iosMinimumOperatingSystem",
        members: Dictionary(uniqueKeysWithValues: (8...15).map { ("v\($0)_0", GraphPropertyType.boolean) }))
    static let mimeContent = GraphComplexType(
        name: "mimeContent", members: ["type": .nullableString, "value": .nullableString])

    /// mobileApp and iosStoreApp properties of the v1.0 subset; the mock also needs `displayName` and `bundleId`.
    static let schema = GraphEntitySchema(
        typeName: "iosStoreApp",
        odataTypeRequired: true,
        writable: [
            "description": .nullableString, "developer": .nullableString, "displayName": .nullableString,
            "informationUrl": .nullableString, "isFeatured": .boolean,
            "largeIcon": .complex(mimeContent, nullable: true), "notes": .nullableString, "owner": .nullableString,
            "privacyInformationUrl": .nullableString, "publisher": .nullableString,
            "publishingState": .enumeration(["notPublished", "processing", "published"]),
            "applicableDeviceType": .complex(deviceType, nullable: false), "appStoreUrl": .nullableString,
            "bundleId": .nullableString,
            "minimumSupportedOperatingSystem": .complex(minimumOperatingSystem, nullable: true),
        ],
        navigation: ["assignments": "assign", "categories": "the categories endpoint"],
        requiredOnCreate: ["displayName", "bundleId"])

    let id: String
    /// Writable properties as posted.
    var settings: [String: JSONValue]
    let createdDateTime: String
    var lastModifiedDateTime: String

    var bundleId: String { settings["bundleId"]?.stringValue ?? "" }

    /// The app as Graph returns it.
    func graphObject() -> JSONValue {
        var object = settings
        object["@odata.type"] = .string(Self.schema.odataType)
        object["id"] = .string(id)
        object["createdDateTime"] = .string(createdDateTime)
        object["lastModifiedDateTime"] = .string(lastModifiedDateTime)
        return .object(object)
    }
}
