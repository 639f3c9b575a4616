import Foundation
import AdapterProtocol
/// The type of one Graph property, as far as the mock checks it.
///
/// The types follow shared/data/graph/graph-mam-subset.yaml; checking them makes the mock refuse what Graph v1.0
/// refuses (wrong types, bad enum members, malformed durations), so a suite that passes against the mock does not
/// fail on its first real-tenant run for a typo.
enum GraphPropertyType: Sendable {
    case boolean
    case int32
    /// A string that may also be null.
    case nullableString
    /// A string that must not be null.
    case string
    /// A collection of strings (never null, no null items).
    case stringList
    /// An ISO-8601 duration (`PT30M`, `P90D`).
    case duration
    case enumeration([String])
    case enumerationList([String])
    /// A flags enum: one or more members joined by commas.
    case flags([String])
    /// A complex value; null only when `nullable`.
    case complex(GraphComplexType, nullable: Bool)
    /// A collection of complex values (never null).
    case complexList(GraphComplexType)

    /// Checks one value; `path` names the property in the message.
    func check(_ value: JSONValue, path: String) throws(GraphSchemaViolation) {
        switch self {
        case .complex(let type, let nullable):
            if nullable, value.isNull { return }
            try type.check(value, path: path)
            return
        case .complexList(let type):
            guard let items = value.arrayValue else { throw invalid(value, path) }
            for (index, item) in items.enumerated() { try type.check(item, path: "\(path)[\(index)]") }
            return
        default:
            guard isValid(value) else { throw invalid(value, path) }
        }
    }

    private func isValid(_ value: JSONValue) -> Bool {
        switch self {
        case .boolean:
            return value.boolValue != nil
        case .int32:
            return value.intValue.map { Int(Int32.min) <= $0 && $0 <= Int(Int32.max) } ?? false
        case .nullableString:
            return value.isNull || value.stringValue != nil
        case .string:
            return value.stringValue != nil
        case .stringList:
            return value.arrayValue?.allSatisfy { $0.stringValue != nil } ?? false
        case .duration:
            return value.stringValue.map(Self.isDuration) ?? false
        case .enumeration(let members):
            return value.stringValue.map(members.contains) ?? false
        case .enumerationList(let members):
            return value.arrayValue?.allSatisfy { $0.stringValue.map(members.contains) ?? false } ?? false
        case .flags(let members):
            return value.stringValue.map { text in
                let parts = text.split(separator: ",", omittingEmptySubsequences: false)
                return !parts.isEmpty && parts.allSatisfy { members.contains(String($0)) }
            } ?? false
        case .complex, .complexList:
            return false
        }
    }

    private func invalid(_ value: JSONValue, _ path: String) -> GraphSchemaViolation {
        GraphSchemaViolation(message: "Property '\(path)' has an invalid value (\(value.kindName)) for its type.")
    }

    /// The Edm.Duration pattern of the OpenAPI subset: `-?P(nD)?(T(nH)?(nM)?(n(.n)?S)?)?`.
    static func isDuration(_ text: String) -> Bool {
        durationPattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Compiled once: a regex literal is compiled again each time it is evaluated, which was 1% of a floor run (issue
    /// 30), and Swift's `Regex` cannot be shared between threads. Anchored at both ends of the whole text (`\z`, not `$`,
    /// which would let a trailing line break through).
    private static let durationPattern = try! NSRegularExpression(pattern: #"\A-?P([0-9]+D)?(T([0-9]+H)?([0-9]+M)?([0-9]+(\.[0-9]+)?S)?)?\z"#)
}
