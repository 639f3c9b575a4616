import AdapterProtocol
import ConformanceCore
import Foundation
import Yams

/// Turns one suite file into the typed model, resolving user aliases and fixtures, and recording
/// every problem with its position.
struct SuiteParser {
    let doc: YAMLDocument
    let fixtures: FixtureStore
    let catalog: RequirementCatalog?

    private struct Defaults {
        var tenant: String?
        var tenantNode: Node?
        var policies: [String] = []
        var policiesNode: Node?
        var settings: [String: JSONValue] = [:]
    }

    func parse() -> Suite? {
        guard let root = doc.root else { return nil }
        guard let fields = doc.fields(root, "a suite", required: ["suite", "title", "cases"], optional: ["requirements", "defaults", "secrets"]) else {
            return nil
        }
        let id = doc.string(fields["suite"], "suite")
        let title = doc.string(fields["title"], "title")
        let requirements = requirementIDs(fields["requirements"])
        var defaults = Defaults()
        if let node = fields["defaults"], let f = doc.fields(node, "defaults", optional: ["tenant", "policies", "settings"]) {
            defaults.tenant = doc.string(f["tenant"], "tenant")
            defaults.tenantNode = f["tenant"]
            defaults.policies = doc.strings(f["policies"], "policies") ?? []
            defaults.policiesNode = f["policies"]
            defaults.settings = settings(f["settings"]) ?? [:]
        }
        var cases: [TestCase] = []
        var caseIDs: [String: SourceLocation] = [:]
        for node in doc.sequence(fields["cases"], "cases") ?? [] {
            guard let testCase = parseCase(node, defaults: defaults) else { continue }
            if let first = caseIDs[testCase.id] {
                doc.error(caseIDNode(node), "duplicate case id '\(testCase.id)' (first defined at \(first))")
                continue
            }
            caseIDs[testCase.id] = testCase.location
            cases.append(testCase)
        }
        var secrets: [String] = []
        for item in doc.sequence(fields["secrets"], "secrets") ?? [] {
            let users = cases.first?.tenant.users ?? []
            let value = doc.json(item) { text, node in StepParser(doc: doc, users: users, tenantKnown: !users.isEmpty).resolveReference(text, node) }
            if let text = value?.stringValue { secrets.append(text) } else if value != nil { doc.error(item, "a secret must be a string") }
        }
        guard let id, let title else { return nil }
        return Suite(id: id, title: title, requirements: requirements, cases: cases, location: doc.location(root), secrets: secrets)
    }

    private func caseIDNode(_ node: Node) -> Node? {
        guard case .mapping(let mapping) = node else { return node }
        return mapping["id"] ?? node
    }

    private func requirementIDs(_ node: Node?) -> [String] {
        guard let node, let items = doc.sequence(node, "requirements") else { return [] }
        var ids: [String] = []
        for item in items {
            guard let id = doc.string(item, "a requirement id") else { continue }
            if let catalog {
                if !catalog.ids.contains(id) { doc.error(item, "unknown requirement id '\(id)' (not in Suites/requirements.yaml)") }
            } else if id.range(of: #"^[A-Z]{3}-[0-9]{2}$"#, options: .regularExpression) == nil {
                doc.error(item, "'\(id)' is not a requirement id (expected the form ABC-01)")
            }
            ids.append(id)
        }
        return ids
    }

    private func settings(_ node: Node?) -> [String: JSONValue]? {
        guard let node, let pairs = doc.mapping(node, "settings") else { return nil }
        var out: [String: JSONValue] = [:]
        for pair in pairs {
            switch pair.key {
            case "ValuesToScrubFromLogging":
                if let values = doc.strings(pair.value, pair.key) { out[pair.key] = .array(values.map { .string($0) }) }
            case "MaxFileProtectionLevel":
                if let level = doc.int(pair.value, pair.key) {
                    if (0...3).contains(level) { out[pair.key] = .number(Double(level)) } else {
                        doc.error(pair.value, "MaxFileProtectionLevel must be 0, 1, 2 or 3")
                    }
                }
            default:
                guard Vocabulary.settings.contains(pair.key) else {
                    doc.error(pair.keyNode, "unknown app setting '\(pair.key)' (known: \(Vocabulary.allSettings.joined(separator: ", ")))")
                    continue
                }
                if let value = doc.bool(pair.value, "setting \(pair.key)") { out[pair.key] = .bool(value) }
            }
        }
        return out
    }

    private func parseCase(_ node: Node, defaults: Defaults) -> TestCase? {
        guard let f = doc.fields(node, "a case", required: ["id", "title", "steps"],
                                 optional: ["requirements", "tenant", "policies", "settings", "needs"]) else { return nil }
        let id = doc.string(f["id"], "id")
        let title = doc.string(f["title"], "title")
        let requirements = requirementIDs(f["requirements"])
        if f["requirements"] == nil { doc.error(node, "a case must cite the requirement ids it checks ('requirements')") }

        let tenantName = f["tenant"].flatMap { doc.string($0, "tenant") } ?? defaults.tenant
        let tenantNode = f["tenant"] ?? defaults.tenantNode ?? node
        guard let tenantName else {
            doc.error(node, "no tenant: set 'tenant' on the case or in the suite's defaults")
            return nil
        }
        let tenant = fixtures.tenant(tenantName, reference: doc.location(tenantNode))
        let policyNames = f["policies"].flatMap { doc.strings($0, "policies") } ?? defaults.policies
        let policyNode = f["policies"] ?? defaults.policiesNode ?? node
        var policies: [PolicyFixture] = []
        for name in policyNames {
            guard let policy = fixtures.policy(name, reference: doc.location(policyNode)) else { continue }
            if let tenant {
                for group in policy.assignedGroups where !tenant.groups.contains(where: { $0.name == group }) {
                    doc.error(policyNode, "policy '\(name)' is assigned to group '\(group)', which tenant '\(tenantName)' does not define")
                }
            }
            policies.append(policy)
        }
        var settings = defaults.settings
        for (key, value) in self.settings(f["settings"]) ?? [:] { settings[key] = value }
        var needs = Set<String>()
        for item in doc.sequence(f["needs"], "needs") ?? [] {
            guard let capability = doc.string(item, "a capability") else { continue }
            if Vocabulary.capabilities.contains(capability) { needs.insert(capability) } else {
                doc.error(item, "unknown capability '\(capability)' (known: \(Vocabulary.capabilities.joined(separator: ", ")))")
            }
        }
        var steps: [Step] = []
        let users = tenant?.users ?? []
        for stepNode in doc.sequence(f["steps"], "steps") ?? [] {
            guard let step = StepParser(doc: doc, users: users, tenantKnown: tenant != nil).parse(stepNode) else { continue }
            steps.append(step)
            needs.formUnion(Self.capabilities(implied: step))
        }
        guard let id, let title, let tenant else { return nil }
        return TestCase(
            id: id, title: title, requirements: requirements, tenant: tenant, policies: policies, settings: settings,
            capabilities: needs, steps: steps, location: doc.location(node))
    }

    /// Capabilities a step cannot run without, so a case never has to declare the obvious.
    static func capabilities(implied step: Step) -> Set<String> {
        switch step.kind {
        case .advanceClock: return [Capability.virtualClock]
        case .answer(let question, _, _) where question.hasPrefix("ui."): return [Capability.uiPrompts]
        case .action(let method, _, _) where method == Method.appRestart: return [Capability.appRestart]
        default: return []
        }
    }
}
