import AdapterProtocol
/// The body of `PUT /_mock/tenants/{t}/default-app-config`, checked before the default is replaced.
///
/// Intune's tenant-wide default configuration has no v1.0 Graph shape, so a control sets it. Checking is strict
/// (unknown fields refused) for the same reason as for faults: a misspelt field would silently set nothing.
struct DefaultAppConfigSpec: Sendable {
    /// The pairs, in order; empty removes the default.
    let customSettings: [CustomSetting]

    /// Why a body was refused.
    struct Invalid: Error {
        let reason: String
    }

    static func parse(_ body: JSONValue) throws(Invalid) -> DefaultAppConfigSpec {
        guard let object = body.objectValue else { throw Invalid(reason: "the body must be a JSON object") }
        if let unknown = object.keys.sorted().first(where: { $0 != "customSettings" }) {
            throw Invalid(reason: "unknown field '\(unknown)' (allowed: customSettings)")
        }
        guard let items = object["customSettings"]?.arrayValue else {
            throw Invalid(reason: "customSettings (an array of {name, value}) is required")
        }
        var settings: [CustomSetting] = []
        for (index, item) in items.enumerated() {
            guard let pair = item.objectValue, Set(pair.keys).isSubset(of: ["name", "value"]) else {
                throw Invalid(reason: "customSettings[\(index)] must be an object with only name and value")
            }
            guard let name = pair["name"]?.stringValue, !name.isEmpty else {
                throw Invalid(reason: "customSettings[\(index)].name (non-empty string) is required")
            }
            guard name != AppConfigDelivery.defaultMarker.key else {
                throw Invalid(reason: "\(name) is reserved: the mock adds it to the default dictionary itself")
            }
            switch pair["value"] {
            case nil, .null?: settings.append(CustomSetting(name: name, value: nil))
            case .string(let text)?: settings.append(CustomSetting(name: name, value: text))
            default: throw Invalid(reason: "customSettings[\(index)].value must be a string or null")
            }
        }
        return DefaultAppConfigSpec(customSettings: settings)
    }
}
