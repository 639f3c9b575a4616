import AdapterProtocol
/// The writable shape of one Graph entity type, used to check create and PATCH bodies.
///
/// Unknown (including beta-only) properties are refused, read-only ones ignored (so a client may send back an
/// object it read), navigation properties refused (they are set through bound actions), exactly as the policy face
/// always did; every entity type the mock serves is checked by an instance of this one checker.
struct GraphEntitySchema: Sendable {
    /// The type name without namespace (`iosManagedAppProtection`).
    let typeName: String
    /// Whether a create must carry `@odata.type` (collections typed to an abstract base need it).
    var odataTypeRequired = false
    var writable: [String: GraphPropertyType]
    var readOnly: Set<String> = ["id", "createdDateTime", "lastModifiedDateTime"]
    /// Navigation properties with the action that sets them, for the refusal message.
    var navigation: [String: String] = [:]
    /// Properties Graph has but the mock does not model, with the reason (refused rather than silently ignored).
    var unsupported: [String: String] = [:]
    /// Properties a create must carry, not null.
    var requiredOnCreate: [String] = ["displayName"]

    /// `#microsoft.graph.<typeName>`.
    var odataType: String { "#microsoft.graph.\(typeName)" }

    /// Checks a create (`creating`) or PATCH body and returns the properties to store (no annotations, no
    /// read-only properties).
    func settings(from body: JSONValue, creating: Bool) throws(GraphSchemaViolation) -> [String: JSONValue] {
        guard let object = body.objectValue else {
            throw GraphSchemaViolation(message: "The request body must be a JSON object.")
        }
        if creating, odataTypeRequired, object["@odata.type"] == nil {
            throw GraphSchemaViolation(message: "Property '@odata.type' ('\(odataType)') is required.")
        }
        var settings: [String: JSONValue] = [:]
        for (name, value) in object {
            if name == "@odata.type" {
                guard value.stringValue == odataType else {
                    throw GraphSchemaViolation(message: "@odata.type must be '\(odataType)'.")
                }
                continue
            }
            if name.hasPrefix("@odata.") || readOnly.contains(name) { continue }
            if let action = navigation[name] {
                throw GraphSchemaViolation(message: "Property '\(name)' cannot be set inline; use \(action).")
            }
            if let reason = unsupported[name] {
                throw GraphSchemaViolation(message: "Property '\(name)' is not supported by the mock: \(reason).")
            }
            guard let type = writable[name] else {
                throw GraphSchemaViolation(
                    message: "Property '\(name)' does not exist on type 'microsoft.graph.\(typeName)'.")
            }
            try type.check(value, path: name)
            settings[name] = value
        }
        if creating {
            for name in requiredOnCreate where settings[name] == nil || settings[name] == .null {
                throw GraphSchemaViolation(message: "Property '\(name)' is required.")
            }
        }
        return settings
    }
}
