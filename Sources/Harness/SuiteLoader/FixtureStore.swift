import AdapterProtocol
import ConformanceCore
import Foundation
import Yams

/// Loads tenants and policies from `fixtures/` on demand, once each, remembering their errors.
final class FixtureStore {
    let directory: String
    private var tenants: [String: TenantFixture?] = [:]
    private var policies: [String: PolicyFixture?] = [:]
    private(set) var errors: [SuiteError] = []
    private var reported: Set<String> = []

    /// Real accounts that stand in for the fixtures' users, by alias.
    let accounts: TenantProfile?

    init(directory: String, accounts: TenantProfile? = nil) {
        self.directory = directory
        self.accounts = accounts
    }

    /// The tenant `name`, or nil (with an error at `reference`) when it is missing or broken.
    func tenant(_ name: String, reference: SourceLocation) -> TenantFixture? {
        if let cached = tenants[name] { return cached }
        let path = "\(directory)/tenants/\(name).yaml"
        guard let document = read(path, name: "tenant", reference: reference) else {
            tenants[name] = .some(nil)
            return nil
        }
        let tenant = parseTenant(name: name, document)
        keep(document)
        tenants[name] = .some(tenant)
        return tenant
    }

    func policy(_ name: String, reference: SourceLocation) -> PolicyFixture? {
        if let cached = policies[name] { return cached }
        let path = "\(directory)/policies/\(name).yaml"
        guard let document = read(path, name: "policy", reference: reference) else {
            policies[name] = .some(nil)
            return nil
        }
        let policy = parsePolicy(name: name, document)
        keep(document)
        policies[name] = .some(policy)
        return policy
    }

    private func read(_ path: String, name kind: String, reference: SourceLocation) -> YAMLDocument? {
        switch InputFile.read(path) {
        case .success(let data):
            return YAMLDocument(file: path, data: data)
        case .failure(.missing):
            errors.append(SuiteError(reference, "missing \(kind) fixture file \(path)"))
        case .failure(let problem):
            errors.append(SuiteError(reference, "cannot read the \(kind) fixture file \(path): \(problem)"))
        }
        return nil
    }

    private func keep(_ document: YAMLDocument) {
        guard reported.insert(document.file).inserted else { return }
        errors.append(contentsOf: document.errors)
    }

    private func parseTenant(name: String, _ doc: YAMLDocument) -> TenantFixture? {
        guard let root = doc.root, let fields = doc.fields(root, "a tenant fixture", required: ["bundleId", "users"], optional: ["groups"]) else {
            return nil
        }
        let bundleId = doc.string(fields["bundleId"], "bundleId")
        var users: [UserFixture] = []
        var aliases: Set<String> = []
        for node in doc.sequence(fields["users"], "users") ?? [] {
            guard let f = doc.fields(node, "a user", required: ["alias", "upn", "objectId", "password"], optional: ["licensed", "personal", "protectionPolicyRequired"]) else { continue }
            guard let alias = doc.string(f["alias"], "alias"), let upn = doc.string(f["upn"], "upn"),
                  let objectId = doc.string(f["objectId"], "objectId"), let password = doc.string(f["password"], "password")
            else { continue }
            let licensed = f["licensed"].map { doc.bool($0, "licensed") ?? true } ?? true
            let personal = f["personal"].map { doc.bool($0, "personal") ?? false } ?? false
            let protectionPolicyRequired = f["protectionPolicyRequired"].map { doc.bool($0, "protectionPolicyRequired") ?? false } ?? false
            if !aliases.insert(alias).inserted {
                doc.error(f["alias"], "duplicate user alias '\(alias)'")
                continue
            }
            let user = UserFixture(alias: alias, upn: upn, objectId: objectId, licensed: licensed, password: password, personal: personal,
                                   protectionPolicyRequired: protectionPolicyRequired)
            if let accounts {
                guard let account = accounts.accounts[alias] else {
                    doc.error(f["alias"], "the tenant file \(accounts.path) names no account for alias '\(alias)' (known: \(accounts.accounts.keys.sorted().joined(separator: ", ")))")
                    continue
                }
                if account.licensed != licensed {
                    doc.error(f["alias"], "'\(alias)' must be \(licensed ? "a licensed" : "an unlicensed") account, but the tenant file \(accounts.path) says licensed: \(account.licensed)")
                    continue
                }
                if account.personal != personal {
                    doc.error(f["alias"], "'\(alias)' must be \(personal ? "a personal" : "a work") account, but the tenant file \(accounts.path) says personal: \(account.personal)")
                    continue
                }
                users.append(account)
                continue
            }
            users.append(user)
        }
        var groups: [GroupFixture] = []
        for node in doc.sequence(fields["groups"], "groups") ?? [] {
            guard let f = doc.fields(node, "a group", required: ["name"], optional: ["members"]) else { continue }
            guard let groupName = doc.string(f["name"], "name") else { continue }
            var members: [String] = []
            for member in doc.sequence(f["members"], "members") ?? [] {
                guard let alias = doc.string(member, "a member") else { continue }
                if aliases.contains(alias) { members.append(alias) } else { doc.error(member, "unknown user alias '\(alias)'") }
            }
            groups.append(GroupFixture(name: groupName, members: members))
        }
        guard let bundleId else { return nil }
        return TenantFixture(name: name, bundleId: bundleId, users: users, groups: groups)
    }

    private func parsePolicy(name: String, _ doc: YAMLDocument) -> PolicyFixture? {
        guard let root = doc.root,
              let fields = doc.fields(root, "a policy fixture", required: ["displayName", "assignTo"], optional: ["settings", "apps"])
        else { return nil }
        let displayName = doc.string(fields["displayName"], "displayName")
        let groups = doc.strings(fields["assignTo"], "assignTo") ?? []
        let apps = fields["apps"].flatMap { doc.strings($0, "apps") }
        var settings: [String: JSONValue] = [:]
        if let node = fields["settings"], let pairs = doc.mapping(node, "settings") {
            for pair in pairs {
                if let value = doc.json(pair.value, resolve: { text, _ in .string(text) }) { settings[pair.key] = value }
            }
        }
        guard let displayName else { return nil }
        return PolicyFixture(name: name, displayName: displayName, settings: settings, assignedGroups: groups, apps: apps)
    }
}
