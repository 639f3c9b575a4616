import AdapterProtocol
import ConformanceCore
import Foundation
import Synchronization
import Yams

/// Loads tenants and policies from `fixtures/` on demand, once each, remembering their errors. Suites are parsed side
/// by side (``SuiteLoader``), so lookups come from several threads; what it reports does not depend on their timing: a
/// fixture that cannot be read is reported once, at the reference that comes first in the order the suites were given
/// (``FixtureLookup``), as a one-at-a-time load reported it.
final class FixtureStore: Sendable {
    let directory: String
    /// Real accounts that stand in for the fixtures' users, by alias.
    let accounts: TenantProfile?
    private let state = Mutex(State())

    /// A lookup's place in the order the suites were given: the suite's position, then the lookup's within it.
    struct Order: Comparable {
        var document: Int
        var lookup: Int
        static func < (lhs: Order, rhs: Order) -> Bool { (lhs.document, lhs.lookup) < (rhs.document, rhs.lookup) }
    }

    /// Why a fixture file could not be read, and the first reference to it so far.
    private struct Unreadable {
        var message: String
        var order: Order
        var reference: SourceLocation
    }

    private struct State {
        var tenants: [String: TenantFixture?] = [:]
        var policies: [String: PolicyFixture?] = [:]
        /// The errors of the fixture files read, each file's once.
        var fileErrors: [SuiteError] = []
        var unreadable: [String: Unreadable] = [:]
    }

    init(directory: String, accounts: TenantProfile? = nil) {
        self.directory = directory
        self.accounts = accounts
    }

    /// Every fixture error so far: the files' own, and each unreadable file's at its first reference.
    var errors: [SuiteError] {
        state.withLock { state in
            state.fileErrors + state.unreadable.values.sorted { $0.order < $1.order }.map { SuiteError($0.reference, $0.message) }
        }
    }

    /// The tenant `name`, or nil (with an error at `reference`) when it is missing or broken.
    func tenant(_ name: String, reference: SourceLocation, order: Order) -> TenantFixture? {
        lookUp(name, kind: "tenant", folder: "tenants", in: \.tenants, reference: reference, order: order) {
            parseTenant(name: $0, $1)
        }
    }

    func policy(_ name: String, reference: SourceLocation, order: Order) -> PolicyFixture? {
        lookUp(name, kind: "policy", folder: "policies", in: \.policies, reference: reference, order: order) {
            parsePolicy(name: $0, $1)
        }
    }

    /// The fixture `name` from `table`, read and parsed (under the lock) the first time it is asked for.
    private func lookUp<Fixture: Sendable>(
        _ name: String, kind: String, folder: String, in table: WritableKeyPath<State, [String: Fixture?]>,
        reference: SourceLocation, order: Order, parse: (String, YAMLDocument) -> Fixture?
    ) -> Fixture? {
        let path = "\(directory)/\(folder)/\(name).yaml"
        return state.withLock { state in
            if let cached = state[keyPath: table][name] {
                Self.refer(to: path, at: reference, order: order, in: &state)
                return cached
            }
            guard let document = read(path, name: kind, reference: reference, order: order, into: &state) else {
                state[keyPath: table][name] = .some(nil)
                return nil
            }
            let fixture = parse(name, document)
            state.fileErrors.append(contentsOf: document.errors)
            state[keyPath: table][name] = .some(fixture)
            return fixture
        }
    }

    /// Another reference to a fixture already looked up: an unreadable one is reported at it if it comes first.
    private static func refer(to path: String, at reference: SourceLocation, order: Order, in state: inout State) {
        guard let known = state.unreadable[path], order < known.order else { return }
        state.unreadable[path]?.order = order
        state.unreadable[path]?.reference = reference
    }

    private func read(_ path: String, name kind: String, reference: SourceLocation, order: Order, into state: inout State) -> YAMLDocument? {
        let message: String
        switch InputFile.read(path) {
        case .success(let data):
            return YAMLDocument(file: path, data: data)
        case .failure(.missing):
            message = "missing \(kind) fixture file \(path)"
        case .failure(let problem):
            message = "cannot read the \(kind) fixture file \(path): \(problem)"
        }
        state.unreadable[path] = Unreadable(message: message, order: order, reference: reference)
        return nil
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

/// One suite's lookups in a ``FixtureStore``, numbered in the order that suite makes them (one thread per suite).
final class FixtureLookup {
    let store: FixtureStore
    private let document: Int
    private var count = 0

    /// `document`: the suite's position among the files loaded together.
    init(_ store: FixtureStore, document: Int) {
        self.store = store
        self.document = document
    }

    func tenant(_ name: String, reference: SourceLocation) -> TenantFixture? {
        count += 1
        return store.tenant(name, reference: reference, order: .init(document: document, lookup: count))
    }

    func policy(_ name: String, reference: SourceLocation) -> PolicyFixture? {
        count += 1
        return store.policy(name, reference: reference, order: .init(document: document, lookup: count))
    }
}
