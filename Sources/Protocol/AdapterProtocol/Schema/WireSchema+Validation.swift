/// One way a value breaks its schema: where, and what is wrong.
public struct SchemaViolation: Sendable, Hashable, CustomStringConvertible {
    /// Dotted path of the member (`params.accountId`, `result.data.x[0]`); empty for the value itself.
    public var path: String
    public var problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { path.isEmpty ? problem : "\(path): \(problem)" }
}

extension WireSchema {
    /// Every way `value` breaks this schema (empty when it fits), checked the way the JSON Schemas in
    /// `docs/schemas/` check it: required members present, no unknown members, closed sets closed.
    public func violations(of value: JSONValue, at path: String = "") -> [SchemaViolation] {
        var found: [SchemaViolation] = []
        check(value, path, &found)
        return found
    }

    private func check(_ value: JSONValue, _ path: String, _ found: inout [SchemaViolation]) {
        func fail(_ problem: String) { found.append(SchemaViolation(path: path, problem: problem)) }
        func got() -> String { "got \(value.compactText.prefix(80))" }
        switch self {
        case .any:
            return
        case .bool:
            if value.boolValue == nil { fail("must be a boolean, \(got())") }
        case .integer:
            if value.intValue == nil { fail("must be a whole number, \(got())") }
        case .number:
            if value.doubleValue == nil { fail("must be a number, \(got())") }
        case .string, .identity:
            if value.stringValue == nil { fail("must be \(summary), \(got())") }
        case .enumeration(_, let values):
            guard let text = value.stringValue else { return fail("must be one of \(values.joined(separator: ", ")), \(got())") }
            if !values.contains(text) { fail("unknown value \"\(text)\" (known: \(values.joined(separator: ", ")))") }
        case .array(let item):
            guard let items = value.arrayValue else { return fail("must be an array, \(got())") }
            for (index, element) in items.enumerated() { item.check(element, "\(path)[\(index)]", &found) }
        case .map(let item, _):
            guard let members = value.objectValue else { return fail("must be an object, \(got())") }
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                item.check(member, path.isEmpty ? key : "\(path).\(key)", &found)
            }
        case .object(_, let properties):
            guard let members = value.objectValue else { return fail("must be an object, \(got())") }
            for property in properties {
                let childPath = path.isEmpty ? property.name : "\(path).\(property.name)"
                guard let member = members[property.name] else {
                    if property.required { found.append(SchemaViolation(path: childPath, problem: "is missing")) }
                    continue
                }
                if member.isNull {
                    if !property.nullable { found.append(SchemaViolation(path: childPath, problem: "must not be null")) }
                    continue
                }
                property.schema.check(member, childPath, &found)
            }
            let known = Set(properties.map(\.name))
            for key in members.keys.sorted() where !known.contains(key) {
                let childPath = path.isEmpty ? key : "\(path).\(key)"
                let hint = Spelling.suggestion(for: key, among: properties.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
                found.append(SchemaViolation(path: childPath, problem: "unknown member (known: \(properties.map(\.name).joined(separator: ", ")))\(hint)"))
            }
        }
    }
}
