import AdapterProtocol

/// Decides whether observed values satisfy a suite's expectations.
///
/// Expectations are partial: listed object keys must match, unlisted ones are ignored, because suites
/// should pin down behaviour, not an integration's incidental extra fields. Arrays match exactly
/// (same length, element by element), since the order and number of accounts is part of the behaviour.
/// Account identities compare case-insensitively (ENR-12, IDS-07).
public enum Matcher {
    /// Returns nil when `actual` matches, else a short explanation of the first mismatch.
    public static func mismatch(expected: JSONValue, actual: JSONValue?, path: String = "", key: String? = nil) -> String? {
        let here = path.isEmpty ? "value" : path
        switch expected {
        case .null:
            if actual == nil || actual == .null { return nil }
            return "\(here): expected null, got \(actual!.compactText)"
        case .object(let members):
            guard case .object(let actualMembers)? = actual else {
                return "\(here): expected an object, got \(actual?.compactText ?? "nothing")"
            }
            for (name, value) in members.sorted(by: { $0.key < $1.key }) {
                let childPath = path.isEmpty ? name : "\(path).\(name)"
                if let problem = mismatch(expected: value, actual: actualMembers[name], path: childPath, key: name) {
                    return problem
                }
            }
            return nil
        case .array(let items):
            guard case .array(let actualItems)? = actual else {
                return "\(here): expected an array, got \(actual?.compactText ?? "nothing")"
            }
            guard items.count == actualItems.count else {
                return "\(here): expected \(items.count) element(s) \(expected.compactText), got \(actualItems.count) \(JSONValue.array(actualItems).compactText)"
            }
            for (index, pair) in zip(items, actualItems).enumerated() {
                if let problem = mismatch(expected: pair.0, actual: pair.1, path: "\(here)[\(index)]", key: key) {
                    return problem
                }
            }
            return nil
        case .string(let text):
            guard case .string(let actualText)? = actual else {
                return "\(here): expected \"\(text)\", got \(actual?.compactText ?? "nothing")"
            }
            let equal = isIdentityKey(key) ? text.lowercased() == actualText.lowercased() : text == actualText
            return equal ? nil : "\(here): expected \"\(text)\", got \"\(actualText)\""
        case .number(let n):
            guard case .number(let m)? = actual, m == n else {
                return "\(here): expected \(expected.compactText), got \(actual?.compactText ?? "nothing")"
            }
            return nil
        case .bool(let b):
            guard case .bool(let c)? = actual, b == c else {
                return "\(here): expected \(b), got \(actual?.compactText ?? "nothing")"
            }
            return nil
        }
    }

    /// Keys whose string values are account identities (IDs or UPNs) and so compare ignoring case.
    public static func isIdentityKey(_ key: String?) -> Bool {
        guard let key = key?.lowercased() else { return false }
        return key.contains("account") || key == "upn" || key == "identity" || key.hasSuffix("upn")
    }

    /// Whether an event satisfies a pattern's selector and fields.
    public static func matches(_ pattern: EventPattern, _ event: ObservedEvent) -> Bool {
        switch pattern.selector {
        case .status(let status):
            guard event.method == Method.eventStatus, event.params["status"]?.stringValue == status else { return false }
        case .question(let name):
            guard event.method == name else { return false }
        case .ui(let kind):
            guard event.method == Method.eventUI, event.params["kind"]?.stringValue == kind else { return false }
        case .app(let kind):
            guard event.method == Method.eventApp, event.params["kind"]?.stringValue == kind else { return false }
        case .sdkCall(let api):
            guard event.method == Method.eventSDKCall, event.params["api"]?.stringValue == api else { return false }
        case .notification(let name):
            guard event.method == Method.eventNotification, event.params["name"]?.stringValue == name else { return false }
        case .log(let text):
            guard event.method == Method.log, event.params["message"]?.stringValue?.contains(text) == true else { return false }
        }
        return mismatch(expected: .object(pattern.fields), actual: event.params) == nil
    }
}
