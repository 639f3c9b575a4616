/// The shape of a protocol value, derived from the Swift message types (see `WireSchema.of(_:)`).
///
/// One description serves four readers, so they cannot disagree: the JSON Schemas in `docs/schemas/`,
/// `--strict-protocol` validation, the suite loader's key checks, and the matcher's knowledge of which
/// members are account identities (compared ignoring case, ENR-12).
public indirect enum WireSchema: Sendable, Hashable {
    /// Any JSON value (an opaque payload, such as the Graph settings of a policy).
    case any
    case bool
    case integer
    case number
    case string
    /// A string that identifies an account; compares ignoring case wherever it appears.
    case identity(IdentityKind)
    /// One of a closed set of strings.
    case enumeration(name: String, values: [String])
    case array(WireSchema)
    /// An object with free keys and values of one shape; `identityKeys` when the keys are account IDs.
    case map(WireSchema, identityKeys: Bool)
    /// An object with exactly these members (no others).
    case object(name: String, properties: [WireProperty])

    /// Whether identities are account IDs or UPNs (both compare ignoring case).
    public enum IdentityKind: String, Sendable, Hashable {
        case accountId
        case upn
    }

    /// The members of an object schema (empty otherwise).
    public var properties: [WireProperty] {
        if case .object(_, let properties) = self { return properties }
        return []
    }

    /// The member called `name` of an object schema.
    public func property(_ name: String) -> WireProperty? {
        properties.first { $0.name == name }
    }

    /// Whether values of this shape are account identities.
    public var isIdentity: Bool {
        if case .identity = self { return true }
        return false
    }

    /// A short name for messages ("a boolean", "one of enrolled, …").
    public var summary: String {
        switch self {
        case .any: return "any value"
        case .bool: return "a boolean"
        case .integer: return "a whole number"
        case .number: return "a number"
        case .string: return "a string"
        case .identity(let kind): return kind == .upn ? "a UPN (string)" : "an account ID (string)"
        case .enumeration(_, let values): return "one of \(values.joined(separator: ", "))"
        case .array(let item): return "an array of \(item.summary.replacingOccurrences(of: "an ", with: "").replacingOccurrences(of: "a ", with: ""))s"
        case .map: return "an object"
        case .object(let name, _): return "an object (\(name))"
        }
    }
}

/// One member of an object schema.
public struct WireProperty: Sendable, Hashable {
    public var name: String
    public var schema: WireSchema
    /// The member must be present.
    public var required: Bool
    /// `null` is an accepted value (the Swift property is optional).
    public var nullable: Bool

    public init(name: String, schema: WireSchema, required: Bool, nullable: Bool) {
        self.name = name
        self.schema = schema
        self.required = required
        self.nullable = nullable
    }
}

/// A Swift type that states its own wire shape instead of having it recorded from its decoder
/// (identities, closed string sets, opaque JSON, maps).
public protocol WireSchemaProviding {
    static var wireSchema: WireSchema { get }
    /// A value to hand to a decoder that is only recording shapes.
    static var schemaPlaceholder: Self { get }
}

/// A closed set of wire strings, as a Swift enum: its schema is the list of its raw values.
public protocol WireEnum: WireSchemaProviding, RawRepresentable, CaseIterable, Codable, Sendable, Hashable
where RawValue == String {}

extension WireEnum {
    public static var wireSchema: WireSchema {
        .enumeration(name: SchemaRecorder.typeName(Self.self), values: allCases.map(\.rawValue))
    }
    public static var schemaPlaceholder: Self { allCases.first! }
}

extension JSONValue: WireSchemaProviding {
    public static var wireSchema: WireSchema { .any }
    public static var schemaPlaceholder: JSONValue { .null }
}

extension Dictionary: WireSchemaProviding where Key == String, Value: Decodable {
    public static var wireSchema: WireSchema { .map(WireSchema.of(Value.self), identityKeys: false) }
    public static var schemaPlaceholder: [String: Value] { [:] }
}
