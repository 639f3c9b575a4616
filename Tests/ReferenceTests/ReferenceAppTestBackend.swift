import Logging
import AdapterProtocol
import CurlHTTP
import Foundation
import MockMAMService

struct ReferenceAppTestError: Error, CustomStringConvertible {
    let description: String
}

/// A running mock backend with one tenant arranged the way a suite would: users, a group, a PIN policy
/// targeted at the app and assigned to the group, all through the mock's HTTP faces (docs/mock-backend.md).
final class ReferenceAppTestBackend: Sendable {
    struct User: Sendable {
        let alias: String
        let upn: String
        let objectId: String
        let password: String
    }

    let server: MockMAMServer
    let controlBase: String
    let tenant: JSONValue
    let users: [String: User]
    let bundleId: String

    /// Starts a server; alice is licensed and in the targeted group, bob is licensed but in no group.
    static func start(bundleId: String = "com.example.mamconf.reference-app") async throws -> ReferenceAppTestBackend {
        var logger = Logger(label: "reference-tests.mock")
        logger.logLevel = .warning
        let server = MockMAMServer(logger: logger)
        let base = try await server.start().absoluteString
        let http = HTTPClient(label: "reference-app-tests")
        var users: [String: User] = [:]
        for alias in ["alice", "bob"] {
            users[alias] = User(alias: alias, upn: "\(alias)@contoso.example", objectId: UUID().uuidString.lowercased(),
                                password: "pw-\(alias)-\(UUID().uuidString.prefix(8))")
        }
        let spec: JSONValue = [
            "bundleId": .string(bundleId),
            "users": .array(users.values.sorted { $0.alias < $1.alias }.map { user in
                ["alias": .string(user.alias), "upn": .string(user.upn), "objectId": .string(user.objectId),
                 "licensed": true, "password": .string(user.password)]
            }),
            "groups": [["name": "mam-users", "members": ["alice"]]],
        ]
        let created = try await http.send(.json("POST", base + "/_mock/tenants", body: spec.serialized()))
        guard created.status == 201 else {
            throw ReferenceAppTestError(description: "tenant creation failed: \(created.status) \(created.text)")
        }
        let tenant = try JSONValue.parse(created.body)
        let backend = ReferenceAppTestBackend(server: server, controlBase: base, tenant: tenant, users: users,
                                              bundleId: bundleId)
        try await backend.arrangePINPolicy(http: http)
        return backend
    }

    private init(server: MockMAMServer, controlBase: String, tenant: JSONValue, users: [String: User], bundleId: String) {
        self.server = server
        self.controlBase = controlBase
        self.tenant = tenant
        self.users = users
        self.bundleId = bundleId
    }

    func stop() async {
        await server.stop()
    }

    func user(_ alias: String) -> User { users[alias]! }

    private func string(_ key: String) -> String { tenant[key]?.stringValue ?? "" }

    /// Creates a PIN-requiring iOS protection policy, targets the test app and assigns it to `mam-users`.
    private func arrangePINPolicy(http: HTTPClient) async throws {
        let tokenResponse = try await http.send(.form(url: string("tokenURL"), fields: [
            ("grant_type", "client_credentials"), ("client_id", tenant["admin"]?["clientId"]?.stringValue ?? ""),
            ("client_secret", tenant["admin"]?["clientSecret"]?.stringValue ?? ""),
            ("scope", "https://graph.microsoft.com/.default"),
        ]))
        guard let token = try JSONValue.parse(tokenResponse.body)["access_token"]?.stringValue else {
            throw ReferenceAppTestError(description: "admin token failed: \(tokenResponse.status) \(tokenResponse.text)")
        }
        let graph = string("graphBaseURL")
        func send(_ method: String, _ path: String, _ body: JSONValue) async throws -> JSONValue {
            let response = try await http.send(.json(method, graph + path, body: body.serialized(), bearer: token))
            guard (200..<300).contains(response.status) else {
                throw ReferenceAppTestError(description: "\(method) \(path): \(response.status) \(response.text)")
            }
            return response.body.isEmpty ? .null : try JSONValue.parse(response.body)
        }
        let policy = try await send("POST", "/deviceAppManagement/iosManagedAppProtections", [
            "@odata.type": "#microsoft.graph.iosManagedAppProtection", "displayName": "reference-app-tests-pin",
            "pinRequired": true, "minimumPinLength": 4,
        ])
        guard let policyId = policy["id"]?.stringValue else {
            throw ReferenceAppTestError(description: "policy has no id: \(policy)")
        }
        _ = try await send("POST", "/deviceAppManagement/iosManagedAppProtections/\(policyId)/targetApps", [
            "apps": [["mobileAppIdentifier": ["@odata.type": "#microsoft.graph.iosMobileAppIdentifier",
                                              "bundleId": .string(bundleId)]]],
        ])
        guard let groupId = tenant["groups"]?["mam-users"]?.stringValue else {
            throw ReferenceAppTestError(description: "tenant answer lacks the group id: \(tenant)")
        }
        _ = try await send("POST", "/deviceAppManagement/iosManagedAppProtections/\(policyId)/assign", [
            "assignments": [["target": ["@odata.type": "#microsoft.graph.groupAssignmentTarget",
                                        "groupId": .string(groupId)]]],
        ])
    }

    /// The `initialize` params a runner would send for this tenant.
    func initializeParams(dataDir: String, settings: [String: Bool] = [:]) -> JSONValue {
        [
            "protocolVersion": "0",
            "dataDir": .string(dataDir),
            "app": ["bundleId": .string(bundleId), "settings": .object(settings.mapValues(JSONValue.bool))],
            "backend": [
                "tokenURL": .string(string("tokenURL")), "mamServiceURL": .string(string("mamServiceURL")),
                "mamResource": .string(string("mamResource")), "clientId": .string(string("appClientId")),
            ],
            "clock": ["mode": "virtual", "now": .string(string("now"))],
        ]
    }

    /// An administrator's Graph token.
    private func adminToken(http: HTTPClient) async throws -> String {
        let response = try await http.send(.form(url: string("tokenURL"), fields: [
            ("grant_type", "client_credentials"), ("client_id", tenant["admin"]?["clientId"]?.stringValue ?? ""),
            ("client_secret", tenant["admin"]?["clientSecret"]?.stringValue ?? ""),
            ("scope", "https://graph.microsoft.com/.default"),
        ]))
        guard let token = try JSONValue.parse(response.body)["access_token"]?.stringValue else {
            throw ReferenceAppTestError(description: "admin token failed: \(response.status) \(response.text)")
        }
        return token
    }

    /// The tenant's app registrations as Graph lists them (`userId`, `deviceTag`, …).
    func registrations() async throws -> [JSONValue] {
        let http = HTTPClient(label: "reference-app-tests.graph")
        let response = try await http.send(.json("GET", string("graphBaseURL") + "/deviceAppManagement/managedAppRegistrations",
                                                 bearer: try await adminToken(http: http)))
        guard response.status == 200 else {
            throw ReferenceAppTestError(description: "registrations: \(response.status) \(response.text)")
        }
        return try JSONValue.parse(response.body)["value"]?.arrayValue ?? []
    }

    /// An administrator's selective wipe of the account's app registration (found by its device tag).
    func wipe(accountId: String) async throws {
        let registration = try await registrations().first { $0["userId"]?.stringValue?.lowercased() == accountId.lowercased() }
        guard let deviceTag = registration?["deviceTag"]?.stringValue else {
            throw ReferenceAppTestError(description: "\(accountId) has no app registration to wipe")
        }
        let http = HTTPClient(label: "reference-app-tests.wipe")
        let body: JSONValue = ["deviceTag": .string(deviceTag)]
        let response = try await http.send(.json("POST", string("graphBaseURL") + "/users/\(accountId)/wipeManagedAppRegistrationsByDeviceTag",
                                                 body: body.serialized(), bearer: try await adminToken(http: http)))
        guard (200..<300).contains(response.status) else {
            throw ReferenceAppTestError(description: "wipe: \(response.status) \(response.text)")
        }
    }

    /// Journal routes in order (`mam.enroll`, `mam.unenroll`, …) with their statuses.
    func journal() async throws -> [(route: String, status: Int)] {
        let http = HTTPClient(label: "reference-app-tests.journal")
        let response = try await http.send(.json("GET", "\(controlBase)/_mock/tenants/\(string("tenantId"))/journal"))
        let entries = try JSONValue.parse(response.body)["entries"]?.arrayValue ?? []
        return entries.map { ($0["route"]?.stringValue ?? "", $0["status"]?.intValue ?? 0) }
    }

    /// Moves the tenant's clock (the runner keeps it in step with the integration's virtual clock).
    func advanceClock(seconds: Double) async throws {
        let http = HTTPClient(label: "reference-app-tests.clock")
        let body: JSONValue = ["advanceSeconds": .number(seconds)]
        let response = try await http.send(.json("POST", "\(controlBase)/_mock/tenants/\(string("tenantId"))/clock",
                                                 body: body.serialized()))
        guard response.status == 200 else {
            throw ReferenceAppTestError(description: "clock advance failed: \(response.status) \(response.text)")
        }
    }
}
