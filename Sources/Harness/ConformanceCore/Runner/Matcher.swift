import AdapterProtocol

/// Decides whether observed values satisfy a suite's expectations.
///
/// Expectations are partial: listed object keys must match, unlisted ones are ignored, because suites
/// should pin down behaviour, not an integration's incidental extra fields. A list must have as many elements
/// as expected, each expected element matching a different one in any order: the number of accounts is
/// behaviour, their order is not (the contract fixes none; `!ordered` compares element by element where a
/// source fixes one). Whether a value is an account identity, and so compares ignoring case (ENR-12, IDS-07),
/// comes from the message's schema: by type, wherever the identity appears, object keys of identity maps
/// included.
public enum Matcher {
    /// Returns nil when `actual` matches, else a short explanation of the first mismatch, quoting the raw
    /// values on both sides.
    public static func mismatch(expected: Expected, actual: JSONValue?, schema: WireSchema?, path: String = "") -> String? {
        let here = path.isEmpty ? "value" : path
        switch expected {
        case .present:
            return Expected.carries(actual) ? nil : "\(here): expected a value (!present), got \(actual.map(describe) ?? "nothing")"
        case .absent:
            return Expected.carries(actual) ? "\(here): expected no value (!absent), got \(actual!.compactText)" : nil
        case .literal(.null):
            if actual == nil || actual == .null { return nil }
            return "\(here): expected null, got \(actual!.compactText)"
        case .object(let members):
            var present = actual
            // An account-keyed object the integration leaves out says "no account has any" (`app.state`
            // `preferences` is absent when the app keeps none).
            if actual == nil || actual == .null, case .map(_, true)? = schema { present = .object([:]) }
            guard case .object(let actualMembers)? = present else {
                return "\(here): expected an object, got \(actual?.compactText ?? "nothing")"
            }
            for (name, value) in members.sorted(by: { $0.key < $1.key }) {
                let childPath = path.isEmpty ? name : "\(path).\(name)"
                var (member, childSchema) = lookup(name, in: actualMembers, schema: schema)
                // An account with no data may be listed with an empty list or left out: both say "no files".
                if member == nil, value == .array([]), case .map(_, true)? = schema { member = .array([]) }
                if let problem = mismatch(expected: value, actual: member, schema: childSchema, path: childPath) {
                    return problem
                }
            }
            return nil
        case .array(let items), .ordered(let items):
            guard case .array(let actualItems)? = actual else {
                return "\(here): expected an array, got \(actual?.compactText ?? "nothing")"
            }
            guard items.count == actualItems.count else {
                return "\(here): expected \(items.count) element(s) \(expected.compactText), got \(actualItems.count) \(JSONValue.array(actualItems).compactText)"
            }
            let itemSchema: WireSchema?
            if case .array(let item)? = schema { itemSchema = item } else { itemSchema = nil }
            // One element each: its own mismatch says more than "no element matches".
            if case .ordered = expected {} else if items.count > 1 {
                return unorderedMismatch(items, actualItems, schema: itemSchema, here: here)
            }
            for (index, pair) in zip(items, actualItems).enumerated() {
                if let problem = mismatch(expected: pair.0, actual: pair.1, schema: itemSchema, path: "\(here)[\(index)]") {
                    return problem
                }
            }
            return nil
        case .literal(.string(let text)):
            guard case .string(let actualText)? = actual else {
                return "\(here): expected \"\(text)\", got \(actual?.compactText ?? "nothing")"
            }
            let equal = schema?.isIdentity == true ? Identity.equal(text, actualText) : text == actualText
            return equal ? nil : "\(here): expected \"\(text)\", got \"\(actualText)\""
        case .literal(.number(let n)):
            guard case .number(let m)? = actual, m == n else {
                return "\(here): expected \(expected.compactText), got \(actual?.compactText ?? "nothing")"
            }
            return nil
        case .literal(.bool(let b)):
            guard case .bool(let c)? = actual, b == c else {
                return "\(here): expected \(b), got \(actual?.compactText ?? "nothing")"
            }
            return nil
        case .literal(let container):
            // `Expected(_:)` never wraps a container in `literal`; treat one built by hand the same way.
            return mismatch(expected: Expected(container), actual: actual, schema: schema, path: path)
        }
    }

    /// Nil when every expected element can be paired with a different actual element it matches (partial
    /// elements may fit several, so a first fit is not enough: augmenting paths find a pairing whenever one
    /// exists); else which expected element is left without one.
    private static func unorderedMismatch(_ items: [Expected], _ actualItems: [JSONValue], schema: WireSchema?, here: String) -> String? {
        let fits = items.map { item in actualItems.map { mismatch(expected: item, actual: $0, schema: schema) == nil } }
        var owner = [Int?](repeating: nil, count: actualItems.count)
        func place(_ item: Int, _ visited: inout [Bool]) -> Bool {
            for slot in actualItems.indices where fits[item][slot] && !visited[slot] {
                visited[slot] = true
                if owner[slot].map({ place($0, &visited) }) ?? true {
                    owner[slot] = item
                    return true
                }
            }
            return false
        }
        let got = JSONValue.array(actualItems).compactText
        for item in items.indices {
            var visited = [Bool](repeating: false, count: actualItems.count)
            guard !place(item, &visited) else { continue }
            if !fits[item].contains(true) {
                return "\(here): no element matches \(items[item].compactText) (in any order), got \(got)"
            }
            return "\(here): \(Expected.array(items).compactText) cannot be paired one to one with the elements (in any order), got \(got)"
        }
        return nil
    }

    /// "null" or an empty value, said so a reader sees why `!present` refused it.
    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .string(""): return "an empty string"
        case .array([]): return "an empty list"
        case .object([:]): return "an empty object"
        default: return value.compactText
        }
    }

    /// The member `name` of an object and its schema; in an identity map the key itself is an identity
    /// and is found ignoring case.
    private static func lookup(_ name: String, in members: [String: JSONValue], schema: WireSchema?) -> (JSONValue?, WireSchema?) {
        switch schema {
        case .object(_, let properties)?:
            return (members[name], properties.first { $0.name == name }?.schema)
        case .map(let item, let identityKeys)?:
            if let exact = members[name] { return (exact, item) }
            guard identityKeys else { return (nil, item) }
            return (members.first { Identity.equal($0.key, name) }?.value, item)
        default:
            return (members[name], nil)
        }
    }

    /// Whether an event satisfies a pattern's selector and fields. `sdkVersion` is the integration's SDK
    /// version: an `sdkCall` pattern accepts the method name that version has.
    public static func matches(_ pattern: EventPattern, _ event: ObservedEvent, sdkVersion: SDKVersion? = nil) -> Bool {
        switch pattern.selector {
        case .status(let status):
            guard event.event == .status, event.params["status"]?.stringValue == status.rawValue else { return false }
        case .statuses(let statuses):
            guard event.event == .status, let name = event.params["status"]?.stringValue else { return false }
            guard statuses.isEmpty || statuses.contains(where: { $0.rawValue == name }) else { return false }
        case .question(let question):
            guard event.question == question else { return false }
        case .ui(let kind):
            guard event.event == .ui, event.params["kind"]?.stringValue == kind.rawValue else { return false }
        case .app(let kind):
            guard event.event == .app, event.params["kind"]?.stringValue == kind.rawValue else { return false }
        case .sdkCall(let api):
            guard event.event == .sdkCall, let name = event.params["api"]?.stringValue,
                  api.acceptedNames(sdkVersion: sdkVersion).contains(name) else { return false }
        case .notification(let name):
            guard event.event == .notification, event.params["name"]?.stringValue == name.rawValue else { return false }
        case .log(let text):
            guard event.event == .log, event.params["message"]?.stringValue?.contains(text) == true else { return false }
        }
        return mismatch(expected: Expected.object(pattern.fields), actual: event.params, schema: pattern.selector.paramsSchema) == nil
    }
}
