extension WireSchema {
    /// This shape as a JSON Schema (draft 2020-12) fragment. Identities carry the annotation
    /// `x-mamconf-identity` (`accountId` or `upn`), which validators ignore and readers should not:
    /// such members compare ignoring case.
    public var jsonSchema: JSONValue { jsonSchema(requiringMembers: true) }

    /// The fragment for a partial expectation (a suite's `result`, `is`, event pattern): the same members and
    /// types, none of them required.
    public var partialJSONSchema: JSONValue { jsonSchema(requiringMembers: false) }

    func jsonSchema(requiringMembers: Bool) -> JSONValue {
        switch self {
        case .any: return [:]
        case .bool: return ["type": "boolean"]
        case .integer: return ["type": "integer"]
        case .number: return ["type": "number"]
        case .string: return ["type": "string"]
        case .identity(let kind): return ["type": "string", "x-mamconf-identity": .string(kind.rawValue)]
        case .enumeration(_, let values): return ["type": "string", "enum": .array(values.map(JSONValue.string))]
        case .array(let item): return ["type": "array", "items": item.jsonSchema(requiringMembers: requiringMembers)]
        case .map(let item, let identityKeys):
            var schema: [String: JSONValue] = ["type": "object", "additionalProperties": item.jsonSchema(requiringMembers: requiringMembers)]
            if identityKeys { schema["x-mamconf-identity-keys"] = true }
            return .object(schema)
        case .object(_, let properties):
            var members: [String: JSONValue] = [:]
            for property in properties {
                let member = property.schema.jsonSchema(requiringMembers: requiringMembers)
                members[property.name] = property.nullable ? Self.orNull(member) : member
            }
            var schema: [String: JSONValue] = [
                "type": "object", "additionalProperties": false, "properties": .object(members),
            ]
            let required = requiringMembers ? properties.filter(\.required).map(\.name) : []
            if !required.isEmpty { schema["required"] = .array(required.map(JSONValue.string)) }
            return .object(schema)
        }
    }

    /// Adds `null` to a schema's accepted values.
    static func orNull(_ schema: JSONValue) -> JSONValue {
        guard var object = schema.objectValue else { return schema }
        if object.isEmpty { return schema }
        if case .string(let type)? = object["type"] {
            object["type"] = [.string(type), "null"]
            if case .array(var values)? = object["enum"] {
                values.append(.null)
                object["enum"] = .array(values)
            }
            return .object(object)
        }
        return ["anyOf": [schema, ["type": "null"]]]
    }
}
