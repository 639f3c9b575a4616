import AdapterProtocol
/// One `{name, value}` pair of a MAM-channel app configuration (Graph `keyValuePair`).
///
/// Graph describes them as strings "sent to apps for users to whom the configuration is scoped, unaltered by this
/// service", so the mock keeps them as posted and delivers them unaltered at check-in; only a null value is left
/// out of the delivered dictionary, which holds strings.
struct CustomSetting: Sendable, Codable, Equatable {
    let name: String
    let value: String?

    /// The complex type Graph bodies are checked against (`name` non-null, `value` nullable).
    static let graphType = GraphComplexType(
        name: "keyValuePair", members: ["name": .string, "value": .nullableString], required: ["name"])

    /// The pairs of an already checked `customSettings` value, in order.
    static func list(_ value: JSONValue?) -> [CustomSetting] {
        (value?.arrayValue ?? []).compactMap { item in
            item["name"]?.stringValue.map { CustomSetting(name: $0, value: item["value"]?.stringValue) }
        }
    }

    /// The delivered dictionary: name → value, null values left out, a later pair winning over an earlier one.
    static func dictionary(_ settings: [CustomSetting]) -> [String: JSONValue] {
        var dictionary: [String: JSONValue] = [:]
        for setting in settings {
            if let value = setting.value { dictionary[setting.name] = .string(value) }
        }
        return dictionary
    }
}
