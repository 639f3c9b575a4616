import Foundation

/// A string that names an account. Identities are case-insensitive and an SDK may hand back another casing
/// than it was given (ENR-12, IDS-07), so equality and hashing ignore case; the raw text is kept for messages.
/// On the wire it is a plain string.
public protocol IdentityString: Codable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible, WireSchemaProviding {
    var rawValue: String { get }
    init(_ rawValue: String)
}

extension IdentityString {
    public init(stringLiteral value: String) { self.init(value) }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { Identity.equal(lhs.rawValue, rhs.rawValue) }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue.lowercased()) }
    public var description: String { rawValue }
    public static var schemaPlaceholder: Self { Self("") }
}

/// An account on the wire: its Entra object ID (for SDKs before 16.0, which know only UPNs, the UPN).
public struct AccountID: IdentityString {
    public var rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static var wireSchema: WireSchema { .identity(.accountId) }
}

/// A user principal name (user@contoso.com).
public struct UPN: IdentityString {
    public var rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static var wireSchema: WireSchema { .identity(.upn) }
}

/// An object keyed by account IDs (`app.state` `data`): the keys are identities too, and compare ignoring
/// case. The key `unmanaged` stands for data that belongs to no account.
public struct IdentityMap<Value: Codable & Sendable & Hashable>: Codable, Hashable, Sendable, WireSchemaProviding {
    public var entries: [String: Value]

    public init(_ entries: [String: Value]) { self.entries = entries }

    public init(from decoder: any Decoder) throws {
        entries = try decoder.singleValueContainer().decode([String: Value].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(entries)
    }

    public static var wireSchema: WireSchema { .map(WireSchema.of(Value.self), identityKeys: true) }
    public static var schemaPlaceholder: IdentityMap<Value> { IdentityMap([:]) }
}

/// How identities compare everywhere in mamconf.
public enum Identity {
    /// Case-insensitive equality, as the SDK's `isIdentity:equalTo:` does for UPNs and object IDs.
    public static func equal(_ a: String, _ b: String) -> Bool {
        a.caseInsensitiveCompare(b) == .orderedSame
    }
}
