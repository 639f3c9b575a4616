import AdapterProtocol
import ConformanceCore
import Foundation
import Yams

/// Turns one suite file into the typed model, resolving user aliases and fixtures, and recording
/// every problem with its position.
struct SuiteParser {
    let doc: YAMLDocument
    let fixtures: FixtureLookup
    let catalog: RequirementCatalog?

    private struct Defaults {
        var tenant: String?
        var tenantNode: Node?
        var policies: [String] = []
        var policiesNode: Node?
        var settings: [String: JSONValue] = [:]
        var guards = CaseGuards.standard
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
        if let node = fields["defaults"], let f = doc.fields(node, "defaults", optional: ["tenant", "policies", "settings", "guards"]) {
            defaults.tenant = doc.string(f["tenant"], "tenant")
            defaults.tenantNode = f["tenant"]
            defaults.policies = doc.strings(f["policies"], "policies") ?? []
            defaults.policiesNode = f["policies"]
            defaults.settings = settings(f["settings"]) ?? [:]
            defaults.guards = guards(f["guards"], over: defaults.guards)
        }
        var cases: [TestCase] = []
        var caseIDs: [String: SourceLocation] = [:]
        let caseNodes = doc.sequence(fields["cases"], "cases") ?? []
        if caseNodes.isEmpty, let node = fields["cases"] { doc.error(node, "a suite needs at least one case") }
        for node in caseNodes {
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
                if !catalog.ids.contains(id) {
                    let hint = Spelling.suggestion(for: id, among: catalog.entries.map(\.id)).map { "; did you mean '\($0)'?" } ?? ""
                    doc.error(item, "unknown requirement id '\(id)' (not in the requirement catalog \(catalog.path ?? "requirements.yaml"))\(hint)")
                }
            } else if id.range(of: #"^[A-Z]{2,4}-[0-9]{2}$"#, options: .regularExpression) == nil {
                doc.error(item, "'\(id)' is not a requirement id (expected two to four capitals, a hyphen and two digits: ENR-01, CL-01)")
            }
            ids.append(id)
        }
        return ids
    }

    /// `guards: {wipe: BOOL, prompts: N | true | false}` over `base` (the suite's defaults, or the standard guards):
    /// how a case opts out of the run-wide guards (RUN-01, RUN-02) or moves the prompt bound.
    private func guards(_ node: Node?, over base: CaseGuards) -> CaseGuards {
        guard let node, let f = doc.fields(node, "guards", optional: ["wipe", "prompts"]) else { return base }
        var out = base
        if let wipe = doc.bool(f["wipe"], "wipe") { out.wipe = wipe }
        guard let prompts = f["prompts"] else { return out }
        if let on = YAMLDocument.boolValue(prompts) {
            out.promptLimit = on ? CaseGuards.defaultPromptLimit : nil
        } else if case .scalar(let scalar) = prompts, scalar.style == .plain, let limit = prompts.int {
            if limit < 1 { doc.error(prompts, "prompts must be at least 1 (false turns the bound off)") } else { out.promptLimit = limit }
        } else {
            doc.error(prompts, "prompts must be a whole number, true or false, found \(doc.kind(prompts))")
        }
        return out
    }

    private func settings(_ node: Node?) -> [String: JSONValue]? {
        guard let node else { return nil }
        SchemaChecker(doc: doc, resolve: { text, _ in .string(text) })
            .check(node, against: Vocabulary.settingsSchema, partial: true, what: "settings")
        guard let pairs = doc.mapping(node, "settings") else { return nil }
        var out: [String: JSONValue] = [:]
        for pair in pairs {
            guard Vocabulary.settingsSchema.property(pair.key) != nil, let value = doc.json(pair.value, resolve: { text, _ in .string(text) }) else { continue }
            if pair.key == "MaxFileProtectionLevel", let level = value.intValue, !(0...3).contains(level) {
                doc.error(pair.value, "MaxFileProtectionLevel must be 0, 1, 2 or 3")
                continue
            }
            out[pair.key] = value
        }
        return out
    }

    private func parseCase(_ node: Node, defaults: Defaults) -> TestCase? {
        guard let f = doc.fields(node, "a case", required: ["id", "title", "steps"],
                                 optional: ["requirements", "tenant", "policies", "settings", "needs", "sdk", "guards"]) else { return nil }
        let id = doc.string(f["id"], "id")
        let title = doc.string(f["title"], "title")
        let requirements = requirementIDs(f["requirements"])
        if f["requirements"] == nil { doc.error(node, "a case must cite the requirement ids it checks ('requirements')") }

        let tenantName = f["tenant"].flatMap { doc.string($0, "tenant") } ?? defaults.tenant
        let tenantNode = f["tenant"] ?? defaults.tenantNode ?? node
        if tenantName == nil { doc.error(node, "no tenant: set 'tenant' on the case or in the suite's defaults") }
        // Without a tenant the steps are still read, so every error of the case is reported at once.
        let tenant = tenantName.flatMap { fixtures.tenant($0, reference: doc.location(tenantNode)) }
        let policyNames = f["policies"].flatMap { doc.strings($0, "policies") } ?? defaults.policies
        let policyNode = f["policies"] ?? defaults.policiesNode ?? node
        var policies: [PolicyFixture] = []
        for name in policyNames {
            guard let policy = fixtures.policy(name, reference: doc.location(policyNode)) else { continue }
            if let tenant, let tenantName {
                for group in policy.assignedGroups where !tenant.groups.contains(where: { $0.name == group }) {
                    doc.error(policyNode, "policy '\(name)' is assigned to group '\(group)', which tenant '\(tenantName)' does not define")
                }
            }
            policies.append(policy)
        }
        var settings = defaults.settings
        for (key, value) in self.settings(f["settings"]) ?? [:] { settings[key] = value }
        var needs = Set<Capability>()
        for item in doc.sequence(f["needs"], "needs") ?? [] {
            guard let name = doc.string(item, "a capability") else { continue }
            if let capability = Capability(rawValue: name) { needs.insert(capability) } else {
                doc.error(item, Vocabulary.unknown("capability", name, known: Capability.allCases.map(\.rawValue)))
            }
        }
        if settings["MultiIdentity"] == .bool(true) { needs.insert(.identityMulti) }
        let users = tenant?.users ?? []
        let stepNodes = doc.sequence(f["steps"], "steps") ?? []
        // Sized once: grown by doubling, a case's steps kept up to half their room empty for the whole run.
        var steps: [Step] = []
        steps.reserveCapacity(stepNodes.count)
        for stepNode in stepNodes {
            guard let step = StepParser(doc: doc, users: users, tenantKnown: tenant != nil).parse(stepNode) else { continue }
            steps.append(step)
            needs.formUnion(Self.capabilities(implied: step))
        }
        if stepNodes.isEmpty, let stepsNode = f["steps"], case .sequence = stepsNode {
            doc.error(stepsNode, "a case needs at least one step")
        }
        guard let id, let title, let tenant else { return nil }
        let backendNeeds = steps.reduce(into: Set<BackendCapability>()) { $0.formUnion(Self.backendNeeds(of: $1)) }
        var versions = requirements.compactMap { id in catalog?.entry(id)?.sdk.map { RequirementVersions(requirement: id, range: $0) } }
        // A case may hold for fewer versions than its requirements: a status code the SDK gained later (227 from 17.5.0).
        if let node = f["sdk"], let range = RequirementCatalog.versionRange(node, doc) {
            versions.append(RequirementVersions(requirement: RequirementVersions.wholeCase, range: range))
        }
        return TestCase(
            id: id, title: title, requirements: requirements, tenant: tenant, policies: policies, settings: settings,
            capabilities: needs, steps: steps, location: doc.location(node), sdkVersions: versions, backendNeeds: backendNeeds,
            guards: guards(f["guards"], over: defaults.guards))
    }

    /// What a step needs of the backend beyond a real tenant's administration.
    static func backendNeeds(of step: Step) -> Set<BackendCapability> {
        switch step.kind {
        case .advanceClock: return [.clock]
        case .checkBackend(.journalCount): return [.journal]
        case .backend(let action): return action.needs
        default: return []
        }
    }

    /// Capabilities a step cannot run without, read off the protocol: the feature area of each request it
    /// makes and each question it answers, so a case never has to declare them.
    private static func capabilities(implied pattern: EventPattern) -> Set<Capability> {
        guard case .question(let question) = pattern.selector else { return [] }
        return Set(([question.capability] + pattern.fields.keys.map { question.capability(ofMember: $0) }).compactMap { $0 })
    }

    static func capabilities(implied step: Step) -> Set<Capability> {
        switch step.kind {
        case .advanceClock: return [.virtualClock]
        case .answer(let question, _, _): return Set([question.capability].compactMap { $0 })
        case .action(let method, _, _), .check(let method, _, _): return Set([method.capability].compactMap { $0 })
        case .expect(let pattern, _), .expectNo(let pattern):
            return capabilities(implied: pattern)
        case .expectOrder(let stages):
            return stages.joined().reduce(into: []) { $0.formUnion(capabilities(implied: $1)) }
        case .backend(let action):
            switch action {
            case .deviceConfig, .deviceUser: return [.allowedAccounts]
            default: return []
            }
        case .checkBackend: return []
        case .sendRaw(let method, _, _): return Set([method.method?.capability].compactMap { $0 })
        case .probe: return []
        }
    }
}
