import AdapterProtocol
import Yams

/// Checks a suite's values against the protocol's message schemas at their YAML positions: every key
/// inside `with`, `result`, `is` and event patterns must be a member the protocol defines, with a value of
/// the member's type. A misspelt key would otherwise be a silent false pass (`is: {acountId: null}` matches
/// a missing key).
struct SchemaChecker {
    let doc: YAMLDocument
    /// Resolves `$alias` references in scalars, as the step parser does.
    let resolve: (String, Node) -> JSONValue?

    /// - Parameters:
    ///   - partial: an expectation (`result`, `is`, patterns) names only the members it checks; params and
    ///     answers (sent as they are) must carry every required member.
    ///   - skipping: members checked elsewhere (a pattern's selector key).
    func check(_ node: Node, against schema: WireSchema, partial: Bool, what: String, skipping: Set<String> = []) {
        switch schema {
        case .any:
            return
        case .object(_, let properties):
            guard let pairs = doc.mapping(node, what) else { return }
            let names = properties.map(\.name)
            for pair in pairs where !skipping.contains(pair.key) {
                guard let property = properties.first(where: { $0.name == pair.key }) else {
                    doc.error(pair.keyNode, Vocabulary.unknown("key", pair.key, in: what, known: names))
                    continue
                }
                checkMember(pair.value, property.schema, nullable: property.nullable, partial: partial, what: "'\(pair.key)'")
            }
            if !partial {
                for property in properties where property.required && !pairs.contains(where: { $0.key == property.name }) {
                    doc.error(node, "\(what) is missing required key '\(property.name)'")
                }
            }
        case .map(let item, _):
            guard let pairs = doc.mapping(node, what) else { return }
            for pair in pairs { checkMember(pair.value, item, nullable: false, partial: partial, what: "'\(pair.key)'") }
        case .array(let item):
            guard let items = doc.sequence(node, what) else { return }
            for element in items { checkMember(element, item, nullable: false, partial: partial, what: "an entry of \(what)") }
        case .bool, .integer, .number, .string, .identity, .enumeration:
            checkMember(node, schema, nullable: false, partial: partial, what: what)
        }
    }

    private func checkMember(_ node: Node, _ schema: WireSchema, nullable: Bool, partial: Bool, what: String) {
        if let tag = doc.localTag(node), !(tag == StepParser.orderedTag && node.sequence != nil) {
            // A matcher stands for any value of the member (or none). Reading the expectation reports an unknown
            // matcher, and a matcher in a value the runner sends. An ordered list is checked as the list it is.
            return
        }
        if case .scalar = node {
            guard let value = doc.json(node, resolve: resolve) else { return }
            if value.isNull {
                if !nullable && schema != .any { doc.error(node, "\(what) cannot be null (it is \(schema.summary))") }
                return
            }
            switch schema {
            case .object, .map, .array:
                doc.error(node, "\(what) must be \(schema.summary), found \(doc.kind(node))")
            case .enumeration(_, let values):
                guard let text = value.stringValue else {
                    return doc.error(node, "\(what) must be one of \(values.joined(separator: ", ")), found \(doc.kind(node))")
                }
                if !values.contains(text) { doc.error(node, Vocabulary.unknown("value", text, in: what, known: values)) }
            default:
                if let problem = schema.violations(of: value).first {
                    doc.error(node, "\(what) \(problem.problem)")
                }
            }
            return
        }
        check(node, against: schema, partial: partial, what: what)
    }
}
