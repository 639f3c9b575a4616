import AdapterProtocol
import ConformanceCore
import Foundation
import Yams

/// Parses one step. Values may name users: `$alice` is alice's account (object) ID, `$alice.upn` her
/// UPN, `$alice.password` her password; `user: alice` in `app.signIn` and `ui.signIn` answers expands to
/// both UPN and password.
struct StepParser {
    let doc: YAMLDocument
    let users: [UserFixture]
    /// When the tenant itself failed to load, alias errors would only repeat that error.
    let tenantKnown: Bool

    func parse(_ node: Node) -> Step? {
        guard let pairs = doc.mapping(node, "a step") else { return nil }
        let kinds = pairs.filter { Vocabulary.stepKinds.contains($0.key) }
        guard let kindPair = kinds.first else {
            let first = pairs.first
            doc.error(first?.keyNode ?? node, Vocabulary.unknown("step kind", first?.key ?? "", known: Vocabulary.stepKinds))
            return nil
        }
        if kinds.count > 1 {
            doc.error(kinds[1].keyNode, "a step has exactly one kind; found both '\(kinds[0].key)' and '\(kinds[1].key)'")
            return nil
        }
        let kindValue = kindPair.value
        let location = doc.location(kindPair.keyNode)
        let allowed: [String]
        switch kindPair.key {
        case "do": allowed = ["with", "result", "within"]
        case "expect": allowed = ["count", "within"]
        case "expect_no", "expect_order": allowed = ["within"]
        case "check": allowed = ["with", "is", "within"]
        case "check_backend", "backend": allowed = ["within"]
        case "advance_clock": allowed = ["within"]
        default: allowed = ["with", "times"]
        }
        var extra: [String: Node] = [:]
        for pair in pairs where pair.key != kindPair.key {
            if allowed.contains(pair.key) { extra[pair.key] = pair.value } else {
                doc.error(pair.keyNode, "unknown key '\(pair.key)' in a '\(kindPair.key)' step (expected: \(allowed.joined(separator: ", ")))")
            }
        }
        let within = extra["within"].flatMap { doc.duration($0, "within") }
        let kind: StepKind?
        switch kindPair.key {
        case "do": kind = action(kindValue, with: extra["with"], result: extra["result"])
        case "expect":
            let count = extra["count"].flatMap { countRange($0) }
            kind = pattern(kindValue).map { .expect($0, count: count) }
        case "expect_no": kind = pattern(kindValue).map { .expectNo($0) }
        case "expect_order": kind = orderedPatterns(kindValue).map { .expectOrder($0) }
        case "check": kind = check(kindValue, with: extra["with"], expected: extra["is"])
        case "check_backend": kind = backend(kindValue)
        case "backend": kind = backendAction(kindValue)
        case "advance_clock": kind = doc.duration(kindValue, "advance_clock").map { .advanceClock(by: $0) }
        default: kind = answer(kindValue, with: extra["with"], times: extra["times"])
        }
        guard let kind else { return nil }
        return Step(kind: kind, location: location, within: within)
    }

    // MARK: Kinds

    /// Checks shapes only: `$alias` references are resolved (and their errors reported) by `value(_:)`, so
    /// here they only need to be strings.
    private var checker: SchemaChecker { SchemaChecker(doc: doc, resolve: { text, _ in .string(text) }) }

    private func action(_ node: Node, with: Node?, result: Node?) -> StepKind? {
        guard let name = doc.string(node, "do") else { return nil }
        guard let method = RunnerMethod(rawValue: name), method.role == .action else {
            let hint = RunnerMethod(rawValue: name)?.role == .query ? " (\(name) is a query: use 'check')" : ""
            doc.error(node, Vocabulary.unknown("action", name, known: Vocabulary.actions.map(\.rawValue)) + hint)
            return nil
        }
        var params = with.flatMap { value($0) } ?? [:]
        if method == .appSignIn {
            guard let expanded = expandUser(params, at: with ?? node) else { return nil }
            params = expanded
            if let with { checker.check(with, against: method.paramsSchema, partial: true, what: "'with'", skipping: ["user"]) }
            for member in ["upn", "password"] where params[member] == nil {
                doc.error(with ?? node, "app.signIn needs 'user' (an alias) or 'upn' and 'password'")
                break
            }
        } else if let with {
            checker.check(with, against: method.paramsSchema, partial: false, what: "'with'")
        } else if !method.paramsSchema.properties.filter(\.required).isEmpty {
            let required = method.paramsSchema.properties.filter(\.required).map(\.name)
            doc.error(node, "\(name) needs 'with' carrying \(required.joined(separator: ", "))")
        }
        if let result { checker.check(result, against: method.resultSchema, partial: true, what: "'result'") }
        let expected = result.flatMap { self.expected($0) }
        return .action(method: method, params: params, result: expected)
    }

    private func check(_ node: Node, with: Node?, expected: Node?) -> StepKind? {
        guard let name = doc.string(node, "check") else { return nil }
        guard let query = RunnerMethod(rawValue: name), query.role == .query else {
            let hint = RunnerMethod(rawValue: name)?.role == .action ? " (\(name) is an action: use 'do')" : ""
            doc.error(node, Vocabulary.unknown("query", name, known: Vocabulary.queries.map(\.rawValue)) + hint)
            return nil
        }
        if let with {
            checker.check(with, against: query.paramsSchema, partial: false, what: "'with'")
        } else if !query.paramsSchema.properties.filter(\.required).isEmpty {
            let required = query.paramsSchema.properties.filter(\.required).map(\.name)
            doc.error(node, "\(name) needs 'with' carrying \(required.joined(separator: ", "))")
        }
        guard let expected else {
            doc.error(node, "a 'check' step needs 'is': the expected (partial) result")
            return nil
        }
        checker.check(expected, against: query.resultSchema, partial: true, what: "'is'")
        guard let value = self.expected(expected) else { return nil }
        return .check(query: query, params: with.flatMap { self.value($0) } ?? [:], expected: value)
    }

    private func answer(_ node: Node, with: Node?, times: Node?) -> StepKind? {
        guard let name = doc.string(node, "answer") else { return nil }
        guard let question = Question(rawValue: name) else {
            doc.error(node, Vocabulary.unknown("question", name, known: Question.allCases.map(\.rawValue)))
            return nil
        }
        var answer = with.flatMap { value($0) } ?? [:]
        if question == .signIn, answer["user"] != nil {
            guard let expanded = expandUser(answer, at: with ?? node) else { return nil }
            answer = expanded
        }
        if let with {
            checker.check(with, against: question.answerSchema, partial: false, what: "'with'", skipping: question == .signIn ? ["user"] : [])
        } else if !question.answerSchema.properties.filter(\.required).isEmpty {
            doc.error(node, "\(name) needs 'with': the answer (\(question.answerSchema.properties.map(\.name).joined(separator: ", ")))")
        }
        let count = times.flatMap { doc.int($0, "times") }
        if let count, count < 1, let times { doc.error(times, "times must be at least 1") }
        return .answer(question: question, with: answer, times: count)
    }

    private func backend(_ node: Node) -> StepKind? {
        guard let pairs = doc.mapping(node, "check_backend") else { return nil }
        let keys = Dictionary(pairs.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        if let registration = keys["registration"] {
            for pair in pairs where !["registration", "exists"].contains(pair.key) {
                doc.error(pair.keyNode, "unknown key '\(pair.key)' in a registration check (expected: registration, exists)")
            }
            guard let account = value(registration.value)?.stringValue else {
                doc.error(registration.value, "registration must name an account, e.g. $alice")
                return nil
            }
            let exists = keys["exists"].map { doc.bool($0.value, "exists") ?? true } ?? true
            return .checkBackend(.registration(accountId: account, exists: exists))
        }
        if let journal = keys["journal"] {
            for pair in pairs where !["journal", "count", "min", "client", "authority"].contains(pair.key) {
                doc.error(pair.keyNode, "unknown key '\(pair.key)' in a journal check (expected: journal, count, min, client, authority)")
            }
            guard let name = doc.string(journal.value, "journal") else { return nil }
            guard let route = ServiceRoute(rawValue: name) else {
                doc.error(journal.value, Vocabulary.unknown("route", name, known: ServiceRoute.allCases.map(\.rawValue)))
                return nil
            }
            let count = keys["count"].flatMap { doc.int($0.value, "count") }
            let atLeast = keys["min"].flatMap { doc.int($0.value, "min") }
            guard count != nil || atLeast != nil else {
                if keys["count"] == nil && keys["min"] == nil { doc.error(node, "a journal check needs 'count' or 'min'") }
                return nil
            }
            var signIn: SignInFilter?
            if keys["client"] != nil || keys["authority"] != nil {
                guard [.tokenPassword, .tokenRefresh].contains(route) else {
                    doc.error(journal.value, "'client' and 'authority' narrow only the token routes (token.password, token.refresh), not \(name)")
                    return nil
                }
                let errorsBefore = doc.errors.count
                let client = keys["client"].flatMap { doc.enumeration($0.value, "client", as: RegistrationName.self) }
                let authority = keys["authority"].flatMap { doc.enumeration($0.value, "authority", as: AuthorityName.self) }
                guard doc.errors.count == errorsBefore else { return nil }
                signIn = SignInFilter(client: client, authority: authority)
            }
            return .checkBackend(.journalCount(route: route, count: count, atLeast: atLeast, signIn: signIn))
        }
        doc.error(node, "check_backend needs 'registration' or 'journal'")
        return nil
    }

    /// `{wipe: $alice}`, `{fault: mam.enroll, status: 503, times: 1}`, `{fault_schedule: {…}}`, `{release: mam.enroll}`,
    /// `{clear_faults: true}`…
    private func backendAction(_ node: Node) -> StepKind? {
        guard let pairs = doc.mapping(node, "backend") else { return nil }
        let keys = Dictionary(pairs.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        func only(_ allowed: [String]) {
            for pair in pairs where !allowed.contains(pair.key) {
                doc.error(pair.keyNode, "unknown key '\(pair.key)' in a backend action (expected: \(allowed.joined(separator: ", ")))")
            }
        }
        if let wipe = keys["wipe"] {
            only(["wipe"])
            guard let account = value(wipe.value)?.stringValue else {
                doc.error(wipe.value, "wipe must name an account, e.g. $alice")
                return nil
            }
            return .backend(.selectiveWipe(accountId: account))
        }
        if let fault = keys["fault"] {
            only(FaultSyntax.injectionKeys)
            return faultInjection(route: fault.value, keys: keys, at: node).map { .backend(.injectFault($0)) }
        }
        if let schedule = keys["fault_schedule"] {
            only(["fault_schedule"])
            return faultSchedule(schedule.value).map { .backend(.faultSchedule($0)) }
        }
        if let release = keys["release"] {
            only(["release"])
            return releaseHold(release.value).map { .backend(.releaseHold($0)) }
        }
        if let clear = keys["clear_faults"] {
            only(["clear_faults"])
            guard doc.bool(clear.value, "clear_faults") == true else { return nil }
            return .backend(.clearFaults)
        }
        if let config = keys["app_config"] ?? keys["device_config"] {
            let isDevice = config.key == "device_config"
            only([config.key, "settings", "assign_to", "delete"])
            guard let name = doc.string(config.value, config.key) else { return nil }
            let settings = keys["settings"].flatMap { stringMap($0.value) }
            let assignTo = keys["assign_to"].flatMap { doc.strings($0.value, "assign_to") }
            let delete = keys["delete"].map { doc.bool($0.value, "delete") ?? false } ?? false
            if settings == nil && !delete && keys["settings"] == nil {
                doc.error(node, "\(config.key) needs 'settings' (or 'delete: true')")
                return nil
            }
            return .backend(isDevice
                ? .deviceConfig(name: name, settings: settings, assignTo: assignTo, delete: delete)
                : .appConfig(name: name, settings: settings, assignTo: assignTo, delete: delete))
        }
        if let defaults = keys["default_app_config"] {
            only(["default_app_config"])
            guard let settings = stringMap(defaults.value) else { return nil }
            return .backend(.defaultAppConfig(settings))
        }
        if let user = keys["device_user"] {
            only(["device_user"])
            let resolved = value(user.value)
            if resolved == .null { return .backend(.deviceUser(accountId: nil)) }
            guard let account = resolved?.stringValue else {
                doc.error(user.value, "device_user must name an account ($alice) or be null")
                return nil
            }
            return .backend(.deviceUser(accountId: account))
        }
        if let rename = keys["rename_user"] {
            only(["rename_user", "upn"])
            guard let account = value(rename.value)?.stringValue else {
                doc.error(rename.value, "rename_user must name an account, e.g. $alice")
                return nil
            }
            guard let upnPair = keys["upn"] else {
                doc.error(node, "rename_user needs 'upn' (the account's new UPN)")
                return nil
            }
            guard let upn = doc.string(upnPair.value, "upn") else { return nil }
            guard upn.contains("@"), !upn.hasPrefix("@"), !upn.hasSuffix("@") else {
                doc.error(upnPair.value, "upn must be a user principal name (name@domain), not \"\(upn)\"")
                return nil
            }
            return .backend(.renameUser(accountId: account, upn: upn))
        }
        if let policy = keys["policy"] {
            only(["policy", "settings"])
            guard let name = doc.string(policy.value, "policy") else { return nil }
            guard let settingsPair = keys["settings"], let settings = value(settingsPair.value)?.objectValue else {
                doc.error(node, "a policy change needs 'settings' (a mapping of Graph properties)")
                return nil
            }
            return .backend(.updatePolicy(name: name, settings: settings))
        }
        doc.error(node, "a backend action needs one of: wipe, fault, fault_schedule, release, clear_faults, app_config, default_app_config, device_config, device_user, policy, rename_user")
        return nil
    }

    /// A mapping of names to scalar values, kept as strings (app configuration values are strings).
    private func stringMap(_ node: Node) -> [String: String]? {
        guard let object = value(node)?.objectValue else {
            doc.error(node, "settings must be a mapping of names to values")
            return nil
        }
        var out: [String: String] = [:]
        for (key, value) in object {
            switch value {
            case .string(let text): out[key] = text
            case .bool(let flag): out[key] = flag ? "true" : "false"
            case .number: out[key] = value.compactText
            default:
                doc.error(node, "setting '\(key)' must be a single value")
                return nil
            }
        }
        return out
    }

    /// An event pattern: exactly one selector (status, question, ui, app, sdkCall, notification, log) plus
    /// members that must match, each a member of that event's params.
    private func pattern(_ node: Node) -> EventPattern? {
        guard let pairs = doc.mapping(node, "an event pattern") else { return nil }
        let selectorNames = EventSelectorKind.allCases.map(\.rawValue)
        let selectors = pairs.filter { EventSelectorKind(rawValue: $0.key) != nil }
        guard selectors.count == 1, let selectorPair = selectors.first, let kind = EventSelectorKind(rawValue: selectorPair.key) else {
            let problem = selectors.isEmpty ? "names no event" : "names \(selectors.count) events (\(selectors.map(\.key).joined(separator: ", ")))"
            var message = "an event pattern \(problem); use exactly one of: \(selectorNames.joined(separator: ", "))"
            if selectors.isEmpty, let first = pairs.first, let close = Spelling.suggestion(for: first.key, among: selectorNames) {
                message += " (did you mean '\(close)' for '\(first.key)'?)"
            }
            doc.error(selectors.dropFirst().first?.keyNode ?? node, message)
            return nil
        }
        let selector: EventSelector
        if let several = statusAlternatives(selectorPair.value, kind: kind) {
            guard let statuses = several else { return nil }
            selector = .statuses(statuses)
        } else {
            guard let name = doc.string(selectorPair.value, selectorPair.key) else { return nil }
            if let names = kind.names, !names.contains(name) {
                doc.error(selectorPair.value, Vocabulary.unknown(kind == .sdkCall ? "SDK method" : kind.rawValue, name, known: names))
                return nil
            }
            selector = Self.selector(kind, name)
        }
        var skipping: Set<String> = [selectorPair.key]
        if let discriminator = kind.discriminator { skipping.insert(discriminator) }
        checker.check(node, against: selector.paramsSchema, partial: true, what: "a \(kind.rawValue) pattern", skipping: skipping)
        var fields: [String: Expected] = [:]
        for pair in pairs where pair.key != selectorPair.key {
            if let v = expected(pair.value) { fields[pair.key] = v }
        }
        return EventPattern(selector: selector, fields: fields)
    }

    /// `status: [network-failure, timeout]` (any of these) or `status: !present` (any status): nil when the
    /// selector names one event as usual, `.some(nil)` after an error.
    private func statusAlternatives(_ node: Node, kind: EventSelectorKind) -> [StatusOutcome]?? {
        let tag = doc.localTag(node)
        guard tag != nil || node.sequence != nil else { return nil }
        guard kind == .status else {
            doc.error(node, "only a status pattern may name several events or any (\(kind.rawValue) names one \(kind.rawValue))")
            return .some(nil)
        }
        if let tag {
            guard tag == "!present", node.scalar != nil else {
                doc.error(node, "a status pattern takes a status, a list of statuses, or !present for any status (not \(tag))")
                return .some(nil)
            }
            return .some([])
        }
        guard let items = doc.sequence(node, "status"), !items.isEmpty else {
            doc.error(node, "a list of statuses names at least one")
            return .some(nil)
        }
        let known = StatusOutcome.allCases.map(\.rawValue)
        var statuses: [StatusOutcome] = []
        for item in items {
            guard let name = doc.string(item, "status") else { return .some(nil) }
            guard let status = StatusOutcome(rawValue: name) else {
                doc.error(item, Vocabulary.unknown("status", name, known: known))
                return .some(nil)
            }
            statuses.append(status)
        }
        return .some(statuses)
    }

    private static func selector(_ kind: EventSelectorKind, _ name: String) -> EventSelector {
        let selector: EventSelector
        switch kind {
        case .status: selector = .status(StatusOutcome(rawValue: name)!)
        case .question: selector = .question(Question(rawValue: name)!)
        case .ui: selector = .ui(UIKind(rawValue: name)!)
        case .app: selector = .app(AppEventKind(rawValue: name)!)
        case .sdkCall: selector = .sdkCall(SDKAPI(rawValue: name)!)
        case .notification: selector = .notification(NotificationName(rawValue: name)!)
        case .log: selector = .log(name)
        }
        return selector
    }

    /// `expect_order: [PATTERN, [PATTERN, PATTERN], …]`: stages in order, a stage a pattern or a list of patterns
    /// that may match in any order among themselves; at least two patterns in all, each checked like an
    /// `expect` pattern.
    private func orderedPatterns(_ node: Node) -> [[EventPattern]]? {
        guard let items = doc.sequence(node, "expect_order") else { return nil }
        if items.count < 2 {
            doc.error(node, "expect_order needs at least two event patterns (one alone is an 'expect')")
        }
        var stages: [[EventPattern]] = []
        var complete = true
        for item in items {
            let nodes: [Node]
            if case .sequence(let group) = item {
                nodes = Array(group)
                if nodes.count < 2 {
                    doc.error(item, "a stage of expect_order lists at least two patterns that may arrive in any order (one alone is written without brackets)")
                    complete = false
                }
            } else {
                nodes = [item]
            }
            let patterns = nodes.compactMap { pattern($0) }
            complete = complete && patterns.count == nodes.count
            stages.append(patterns)
        }
        return complete && stages.count >= 2 ? stages : nil
    }

    /// `count: 2` or `count: {min: 0, max: 1}`.
    private func countRange(_ node: Node) -> CountRange? {
        if case .mapping = node {
            guard let f = doc.fields(node, "count", optional: ["min", "max"]) else { return nil }
            let low = f["min"].flatMap { doc.int($0, "min") } ?? 0
            let high = f["max"].flatMap { doc.int($0, "max") }
            if f["min"] == nil && f["max"] == nil { doc.error(node, "count needs 'min', 'max' or both") }
            if low < 0 || (high ?? 0) < 0 { doc.error(node, "count must not be negative") }
            if let high, high < low { doc.error(node, "count: 'max' must not be below 'min'") }
            return CountRange(min: low, max: high)
        }
        guard let exact = doc.int(node, "count") else { return nil }
        if exact < 0 { doc.error(node, "count must not be negative") }
        return .exactly(exact)
    }

    // MARK: Values

    /// The matchers an expectation may use in place of a value.
    static let matcherTags = ["!present", "!absent"]
    /// The tag that keeps a list's order (`!ordered [a, b]`); lists match in any order without it.
    static let orderedTag = "!ordered"

    /// An expectation: values as `value(_:)` reads them, where any member may instead be a matcher
    /// (`error: !present`, `accountId: !absent`) and a list may keep its order (`!ordered [...]`).
    private func expected(_ node: Node) -> Expected? {
        if let tag = doc.localTag(node) {
            switch tag {
            case "!present": return .present
            case "!absent": return .absent
            case Self.orderedTag:
                guard case .sequence(let items) = node else {
                    doc.error(node, "'\(tag)' marks a list whose order is the behaviour (\(tag) [a, b]), not \(doc.kind(node))")
                    return nil
                }
                var out: [Expected] = []
                for item in items {
                    guard let element = expected(item) else { return nil }
                    out.append(element)
                }
                return .ordered(out)
            default:
                doc.error(node, Vocabulary.unknown("matcher", tag, known: Self.matcherTags + [Self.orderedTag]))
                return nil
            }
        }
        switch node {
        case .mapping:
            guard let pairs = doc.mapping(node, "a value") else { return nil }
            var object: [String: Expected] = [:]
            for pair in pairs {
                guard let member = expected(pair.value),
                      let key = doc.memberKey(pair.key, pair.keyNode, resolve: resolve) else { return nil }
                object[key] = member
            }
            return .object(object)
        case .sequence(let items):
            var out: [Expected] = []
            for item in items {
                guard let element = expected(item) else { return nil }
                out.append(element)
            }
            return .array(out)
        default:
            return value(node).map(Expected.init)
        }
    }

    private func value(_ node: Node) -> JSONValue? {
        doc.json(node) { text, node in resolve(text, node) }
    }

    func resolveReference(_ text: String, _ node: Node) -> JSONValue? { resolve(text, node) }

    private func resolve(_ text: String, _ node: Node) -> JSONValue? {
        guard text.hasPrefix("$") else { return .string(text) }
        guard text.count > 1 else {
            doc.error(node, "a bare '$' names no user: write $alias, $alias.upn or $alias.password")
            return nil
        }
        let reference = text.dropFirst()
        let parts = reference.split(separator: ".", maxSplits: 1).map(String.init)
        let alias = parts[0]
        guard let user = users.first(where: { $0.alias == alias }) else {
            if tenantKnown { doc.error(node, "unknown user alias '\(alias)' in '\(text)' (known: \(users.map(\.alias).joined(separator: ", ")))") }
            return nil
        }
        switch parts.count == 2 ? parts[1] : "id" {
        case "id": return .string(user.objectId)
        case "upn": return .string(user.upn)
        case "password": return .string(user.password)
        default:
            doc.error(node, "'\(text)': after the alias only .id, .upn or .password may follow")
            return nil
        }
    }

    /// `user: alice` → `upn` and `password` of alice.
    private func expandUser(_ params: JSONValue, at node: Node) -> JSONValue? {
        guard var object = params.objectValue else { return params }
        guard let alias = object["user"]?.stringValue else { return params }
        guard let user = users.first(where: { $0.alias == alias }) else {
            if tenantKnown { doc.error(node, "unknown user alias '\(alias)' (known: \(users.map(\.alias).joined(separator: ", ")))") }
            return nil
        }
        object.removeValue(forKey: "user")
        object["upn"] = .string(user.upn)
        object["password"] = .string(user.password)
        return .object(object)
    }
}
