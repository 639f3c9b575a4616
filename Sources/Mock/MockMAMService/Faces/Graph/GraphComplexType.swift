import AdapterProtocol
/// A Graph complex type (`keyValuePair`, `appConfigurationSettingItem`, `iosDeviceType`, …): an object whose
/// members are checked like an entity's properties.
///
/// Nested values are checked as strictly as top-level ones, so a misspelt `appConfigKey` is refused when it is
/// posted instead of silently dropping a setting the device channel would then never deliver.
struct GraphComplexType: Sendable {
    /// The type name without namespace (`keyValuePair`).
    let name: String
    let members: [String: GraphPropertyType]
    /// Members that must be present and not null.
    var required: Set<String> = []

    /// Checks `value` (already known to be present) as an instance of this type; `path` names it in messages.
    func check(_ value: JSONValue, path: String) throws(GraphSchemaViolation) {
        guard let object = value.objectValue else {
            throw GraphSchemaViolation(message: "Property '\(path)' must be an object of type 'microsoft.graph.\(name)'.")
        }
        for (member, memberValue) in object {
            if member == "@odata.type" {
                guard memberValue.stringValue == "#microsoft.graph.\(name)" else {
                    throw GraphSchemaViolation(message: "'\(path).@odata.type' must be '#microsoft.graph.\(name)'.")
                }
                continue
            }
            if member.hasPrefix("@odata.") { continue }
            guard let type = members[member] else {
                throw GraphSchemaViolation(
                    message: "Property '\(member)' does not exist on type 'microsoft.graph.\(name)'.")
            }
            try type.check(memberValue, path: "\(path).\(member)")
        }
        for member in required.sorted() where object[member] == nil || object[member] == .null {
            throw GraphSchemaViolation(message: "Property '\(path).\(member)' is required.")
        }
    }
}
