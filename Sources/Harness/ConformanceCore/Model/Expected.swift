import AdapterProtocol

/// What a suite expects of one value: a JSON literal matched partially (see ``Matcher``), or only whether a
/// member carries a value at all.
///
/// `present` and `absent` exist for members whose content the guides leave to the SDK but whose presence they
/// do not: the error string of a failed status must say something. Without them a suite could only pin an exact
/// text (too strict) or say nothing (a defect that drops the error passes). Objects and arrays hold `Expected`
/// members so a matcher can sit at any depth.
///
/// A list matches in any order: the contract fixes the order of no list the integration returns, so a case
/// that compared positions would fail an integration for an order nobody promised. `ordered` is there for a
/// list whose order a source does fix.
public indirect enum Expected: Sendable, Hashable {
    /// A scalar or null, compared as `Matcher` compares literals.
    case literal(JSONValue)
    /// Listed members must match; others are ignored.
    case object([String: Expected])
    /// Same length; each expected element matches a different actual one, in any order.
    case array([Expected])
    /// Same length, element by element (`!ordered [...]`).
    case ordered([Expected])
    /// The member is there and carries something: not null, not "", not [] and not {}.
    case present
    /// The member is missing, null or empty ("", [] or {}): the mirror of ``present``.
    case absent

    /// The expectation that `value` matches as a literal, containers member by member.
    public init(_ value: JSONValue) {
        switch value {
        case .object(let members): self = .object(members.mapValues(Expected.init))
        case .array(let items): self = .array(items.map(Expected.init))
        default: self = .literal(value)
        }
    }

    /// Whether `value` carries something (``present``), the test both matchers share.
    static func carries(_ value: JSONValue?) -> Bool {
        switch value {
        case nil, .null?: return false
        case .string(let text)?: return !text.isEmpty
        case .array(let items)?: return !items.isEmpty
        case .object(let members)?: return !members.isEmpty
        case .bool?, .number?: return true
        }
    }

    /// JSON-like text for messages, with the matchers written as in a suite (`!present`, `!absent`).
    public var compactText: String {
        switch self {
        case .literal(let value): return value.compactText
        case .present: return "!present"
        case .absent: return "!absent"
        case .array(let items): return "[" + items.map(\.compactText).joined(separator: ",") + "]"
        case .ordered(let items): return "!ordered [" + items.map(\.compactText).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.sorted { $0.key < $1.key }
                .map { "\(JSONValue.string($0.key).compactText):\($0.value.compactText)" }
                .joined(separator: ",") + "}"
        }
    }
}

extension Expected: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .literal(.string(value)) }
    public init(booleanLiteral value: Bool) { self = .literal(.bool(value)) }
    public init(integerLiteral value: Int) { self = .literal(.number(Double(value))) }
    public init(floatLiteral value: Double) { self = .literal(.number(value)) }
    public init(arrayLiteral elements: Expected...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, Expected)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .literal(.null) }
}
