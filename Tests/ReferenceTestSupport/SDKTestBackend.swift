import Logging
import CurlHTTP
import Foundation
import MockMAMService

/// A running mock backend with one tenant, driven over HTTP like the harness does.
public final class SDKTestBackend: Sendable {
    public let server: MockMAMServer
    public let http = HTTPClient(label: "reference-sdk-tests.backend")
    public let controlBase: String
    public let tenantId: String
    public let bundleId: String
    public let tokenURL: URL
    public let mamServiceURL: URL
    public let mamResource: String
    public let appClientId: String
    public let graphBaseURL: String
    public let adminClientId: String
    public let adminSecret: String
    public let users: [String: SDKTestUser]

    /// Starts a server and creates a tenant with `users` (alias, licensed).
    /// Users in `protectionPolicyRequired` are under app-protection Conditional Access: no token for the app's own
    /// resources until an enrollment of theirs applied a policy.
    public static func start(users: [(alias: String, licensed: Bool)],
                      bundleId: String = "com.example.mamconf.reference",
                      protectionPolicyRequired: Set<String> = []) async throws -> SDKTestBackend {
        var logger = Logger(label: "reference-tests.mock")
        logger.logLevel = .warning
        let server = MockMAMServer(logger: logger)
        let url = try await server.start()
        let http = HTTPClient(label: "reference-sdk-tests.setup")
        var specs: [[String: Any]] = []
        var passwords: [String: String] = [:]
        for user in users {
            let password = "pw-\(user.alias)-\(UUID().uuidString.prefix(8))"
            passwords[user.alias] = password
            specs.append(["alias": user.alias, "upn": "\(user.alias)@contoso.example", "licensed": user.licensed,
                          "password": password, "objectId": UUID().uuidString.lowercased(),
                          "protectionPolicyRequired": protectionPolicyRequired.contains(user.alias)])
        }
        let body = try JSONSerialization.data(withJSONObject: ["bundleId": bundleId, "users": specs])
        let response = try await http.send(.json("POST", url.absoluteString + "/_mock/tenants", body: body))
        guard response.status == 201,
              let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any] else {
            throw SDKTestBackendError(description: "tenant creation failed: \(response.status) \(response.text)")
        }
        func string(_ key: String) -> String { object[key] as? String ?? "" }
        let admin = object["admin"] as? [String: Any] ?? [:]
        let userObjects = object["users"] as? [String: [String: Any]] ?? [:]
        var byAlias: [String: SDKTestUser] = [:]
        for (alias, info) in userObjects {
            byAlias[alias] = SDKTestUser(alias: alias, upn: info["upn"] as? String ?? "",
                                         objectId: info["objectId"] as? String ?? "", password: passwords[alias] ?? "")
        }
        return SDKTestBackend(
            server: server, controlBase: url.absoluteString, tenantId: string("tenantId"), bundleId: bundleId,
            tokenURL: URL(string: string("tokenURL"))!, mamServiceURL: URL(string: string("mamServiceURL"))!,
            mamResource: string("mamResource"), appClientId: string("appClientId"),
            graphBaseURL: string("graphBaseURL"), adminClientId: admin["clientId"] as? String ?? "",
            adminSecret: admin["clientSecret"] as? String ?? "", users: byAlias)
    }

    private init(server: MockMAMServer, controlBase: String, tenantId: String, bundleId: String, tokenURL: URL,
                 mamServiceURL: URL, mamResource: String, appClientId: String, graphBaseURL: String,
                 adminClientId: String, adminSecret: String, users: [String: SDKTestUser]) {
        self.server = server
        self.controlBase = controlBase
        self.tenantId = tenantId
        self.bundleId = bundleId
        self.tokenURL = tokenURL
        self.mamServiceURL = mamServiceURL
        self.mamResource = mamResource
        self.appClientId = appClientId
        self.graphBaseURL = graphBaseURL
        self.adminClientId = adminClientId
        self.adminSecret = adminSecret
        self.users = users
    }

    public func stop() async {
        await server.stop()
    }

    public func user(_ alias: String) -> SDKTestUser {
        guard let user = users[alias] else { fatalError("no test user \(alias)") }
        return user
    }

    /// The status of a password grant for `user` with a token for `resource` (the app's own API, not the MAM
    /// service): 400 while Conditional Access refuses it.
    public func resourceTokenStatus(for user: SDKTestUser, resource: String) async throws -> Int {
        let response = try await http.send(.form(url: tokenURL.absoluteString, fields: [
            ("grant_type", "password"), ("client_id", appClientId), ("username", user.upn), ("password", user.password),
            ("scope", "\(resource)/.default"),
        ]))
        return response.status
    }

    // MARK: Graph (admin)

    private func adminToken() async throws -> String {
        let request = HTTPRequest.form(url: tokenURL.absoluteString, fields: [
            ("grant_type", "client_credentials"), ("client_id", adminClientId), ("client_secret", adminSecret),
            ("scope", "https://graph.microsoft.com/.default"),
        ])
        let response = try await http.send(request)
        guard response.status == 200,
              let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any],
              let token = object["access_token"] as? String else {
            throw SDKTestBackendError(description: "admin token failed: \(response.status) \(response.text)")
        }
        return token
    }

    @discardableResult
    private func graph(_ method: String, _ path: String, _ body: [String: Any]) async throws -> HTTPResponse {
        let data = try JSONSerialization.data(withJSONObject: body)
        let response = try await http.send(.json(method, graphBaseURL + path, body: data, bearer: try await adminToken()))
        guard (200..<300).contains(response.status) else {
            throw SDKTestBackendError(description: "\(method) \(path) failed: \(response.status) \(response.text)")
        }
        return response
    }

    /// Creates an iOS app protection policy; when `targeted`, targets the test app and assigns it to every
    /// licensed user. Returns the policy id.
    @discardableResult
    public func createPolicy(_ settings: [String: Any] = [:], targeted: Bool = true) async throws -> String {
        var body = settings
        body["@odata.type"] = "#microsoft.graph.iosManagedAppProtection"
        body["displayName"] = body["displayName"] ?? "reference-sdk-tests"
        let response = try await graph("POST", "/deviceAppManagement/iosManagedAppProtections", body)
        guard let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any],
              let id = object["id"] as? String else {
            throw SDKTestBackendError(description: "policy answer has no id: \(response.text)")
        }
        if targeted { try await target(policyId: id) }
        return id
    }

    /// Targets the test app with the policy and assigns it to all licensed users.
    public func target(policyId: String) async throws {
        try await graph("POST", "/deviceAppManagement/iosManagedAppProtections/\(policyId)/targetApps", [
            "apps": [["mobileAppIdentifier": ["@odata.type": "#microsoft.graph.iosMobileAppIdentifier",
                                              "bundleId": bundleId]]],
        ])
        try await graph("POST", "/deviceAppManagement/iosManagedAppProtections/\(policyId)/assign", [
            "assignments": [["target": ["@odata.type": "#microsoft.graph.allLicensedUsersAssignmentTarget"]]],
        ])
    }

    /// Removes every target app from the policy, so no account is targeted any more.
    public func untarget(policyId: String) async throws {
        try await graph("POST", "/deviceAppManagement/iosManagedAppProtections/\(policyId)/targetApps", ["apps": []])
    }

    public func updatePolicy(_ policyId: String, _ settings: [String: Any]) async throws {
        try await graph("PATCH", "/deviceAppManagement/iosManagedAppProtections/\(policyId)", settings)
    }

    /// Sends an administrator's selective wipe for the user's registration with that device tag.
    public func wipe(userObjectId: String, deviceTag: String) async throws {
        try await graph("POST", "/users/\(userObjectId)/wipeManagedAppRegistrationsByDeviceTag", ["deviceTag": deviceTag])
    }

    // MARK: Controls

    public func journal() async throws -> [SDKTestJournalEntry] {
        let response = try await http.send(.json("GET", "\(controlBase)/_mock/tenants/\(tenantId)/journal"))
        guard let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any],
              let entries = object["entries"] as? [[String: Any]] else {
            throw SDKTestBackendError(description: "journal failed: \(response.status) \(response.text)")
        }
        return entries.map {
            SDKTestJournalEntry(route: $0["route"] as? String ?? "", status: $0["status"] as? Int ?? 0,
                                accountId: $0["accountId"] as? String, detail: $0["detail"] as? String)
        }
    }

    /// Journal entries of one route (e.g. `mam.enroll`).
    public func calls(_ route: String) async throws -> [SDKTestJournalEntry] {
        try await journal().filter { $0.route == route }
    }

    /// Makes the service answer `route` (a journal route, e.g. `mam.enroll`) with `status`, for `times`
    /// requests or until cleared.
    public func injectFault(route: String, status: Int, times: Int? = nil) async throws {
        var spec: [String: Any] = ["route": route, "status": status]
        if let times { spec["times"] = times }
        try await injectFault(spec)
    }

    /// Arms a fault from its full body (`drop`, `retryAfter`, `delayMs`…; docs/mock-backend.md).
    public func injectFault(_ spec: [String: Any]) async throws {
        let body = try JSONSerialization.data(withJSONObject: spec)
        let response = try await http.send(.json("POST", "\(controlBase)/_mock/tenants/\(tenantId)/faults", body: body))
        guard response.status == 201 else {
            throw SDKTestBackendError(description: "fault injection failed: \(response.status) \(response.text)")
        }
    }

    public func clearFaults() async throws {
        let response = try await http.send(.json("DELETE", "\(controlBase)/_mock/tenants/\(tenantId)/faults"))
        guard response.status == 204 else {
            throw SDKTestBackendError(description: "clearing faults failed: \(response.status) \(response.text)")
        }
    }

    public func advanceClock(seconds: TimeInterval) async throws {
        let body = try JSONSerialization.data(withJSONObject: ["advanceSeconds": seconds])
        let response = try await http.send(.json("POST", "\(controlBase)/_mock/tenants/\(tenantId)/clock", body: body))
        guard response.status == 200 else {
            throw SDKTestBackendError(description: "clock advance failed: \(response.status) \(response.text)")
        }
    }
}
