import AdapterProtocol
import CurlHTTP
import Foundation
import Testing

@testable import MockMAMService

/// A tenant created through `POST /_mock/tenants` and the helpers cases need to drive it.
///
/// The standard tenant: bundle `com.contoso.harnessapp`; users `alice` (licensed, in group `app-users`), `bob`
/// (licensed, in no group) and `carol` (unlicensed, in `app-users`).
struct TenantFixture {
    static let bundleId = "com.contoso.harnessapp"
    static let standardBody: JSONValue = [
        "bundleId": .string(bundleId),
        "users": [
            ["alias": "alice", "upn": "alice@contoso.example", "password": "alice pass+1", "licensed": true],
            ["alias": "bob", "upn": "bob@contoso.example", "password": "bob-pass", "licensed": true],
            ["alias": "carol", "upn": "carol@contoso.example", "password": "carol-pass", "licensed": false],
        ],
        "groups": [["name": "app-users", "members": ["alice", "carol"]]],
    ]

    let backend: MockBackendFixture
    let info: JSONValue

    var id: String { info["tenantId"]?.stringValue ?? "" }
    var tokenURL: String { info["tokenURL"]?.stringValue ?? "" }
    var graph: String { info["graphBaseURL"]?.stringValue ?? "" }
    var mam: String { info["mamServiceURL"]?.stringValue ?? "" }
    var appClientId: String { info["appClientId"]?.stringValue ?? "" }
    var mamResource: String { info["mamResource"]?.stringValue ?? "" }
    func groupId(_ name: String) -> String { info["groups"]?[name]?.stringValue ?? "" }
    func objectId(_ alias: String) -> String { info["users"]?[alias]?["objectId"]?.stringValue ?? "" }

    static func create(_ backend: MockBackendFixture, body: JSONValue = standardBody) async throws -> TenantFixture {
        let answer = try await backend.json("POST", "/_mock/tenants", body)
        try #require(answer.status == 201, "tenant creation: \(answer.text)")
        return TenantFixture(backend: backend, info: try #require(answer.body))
    }

    /// An admin token from the client-credentials grant.
    func adminToken() async throws -> String {
        let answer = try await backend.raw(
            .form(
                url: tokenURL,
                fields: [
                    ("grant_type", "client_credentials"),
                    ("client_id", info["admin"]?["clientId"]?.stringValue ?? ""),
                    ("client_secret", info["admin"]?["clientSecret"]?.stringValue ?? ""),
                    ("scope", "https://graph.microsoft.com/.default"),
                ]))
        try #require(answer.status == 200, "admin token: \(answer.text)")
        return try #require(answer["access_token"]?.stringValue)
    }

    /// User tokens for the MAM resource from the password grant.
    func userTokens(_ upn: String, _ password: String) async throws -> (access: String, refresh: String) {
        let answer = try await backend.raw(
            .form(
                url: tokenURL,
                fields: [
                    ("grant_type", "password"), ("client_id", appClientId), ("username", upn), ("password", password),
                    ("scope", "\(mamResource)/.default offline_access"),
                ]))
        try #require(answer.status == 200, "user token: \(answer.text)")
        return (try #require(answer["access_token"]?.stringValue), try #require(answer["refresh_token"]?.stringValue))
    }

    /// Creates a policy with PIN settings, targets the standard bundle and assigns it to `app-users`.
    func createAssignedPolicy(admin: String) async throws -> String {
        let created = try await backend.json(
            "POST", graph + "/deviceAppManagement/iosManagedAppProtections",
            [
                "@odata.type": "#microsoft.graph.iosManagedAppProtection", "displayName": "harness-ios-app",
                "pinRequired": true, "minimumPinLength": 4, "periodOnlineBeforeAccessCheck": "PT30M",
            ], bearer: admin)
        try #require(created.status == 201, "create policy: \(created.text)")
        let policyId = try #require(created["id"]?.stringValue)
        let targeted = try await backend.json(
            "POST", graph + "/deviceAppManagement/iosManagedAppProtections/\(policyId)/targetApps",
            ["apps": [["mobileAppIdentifier": ["@odata.type": "#microsoft.graph.iosMobileAppIdentifier", "bundleId": .string(Self.bundleId)]]]],
            bearer: admin)
        try #require(targeted.status == 204, "targetApps: \(targeted.text)")
        let assigned = try await backend.json(
            "POST", graph + "/deviceAppManagement/iosManagedAppProtections/\(policyId)/assign",
            ["assignments": [["target": ["@odata.type": "#microsoft.graph.groupAssignmentTarget", "groupId": .string(groupId("app-users"))]]]],
            bearer: admin)
        try #require(assigned.status == 204, "assign: \(assigned.text)")
        return policyId
    }

    /// `POST {mam}/enroll` for a user on a device.
    func enroll(_ alias: String, token: String, deviceTag: String = "device-1") async throws -> MockBackendFixture.Answer {
        try await backend.json(
            "POST", mam + "/enroll",
            [
                "accountId": .string(objectId(alias)), "upn": .string("\(alias)@contoso.example"),
                "bundleId": .string(Self.bundleId), "deviceTag": .string(deviceTag), "sdkVersion": "19.0.0",
                "appVersion": "1.0",
            ], bearer: token)
    }

    /// `POST {mam}/checkin`.
    func checkin(_ alias: String, token: String, held: String? = nil, deviceTag: String = "device-1") async throws
        -> MockBackendFixture.Answer
    {
        try await backend.json(
            "POST", mam + "/checkin",
            ["accountId": .string(objectId(alias)), "deviceTag": .string(deviceTag), "policyVersion": .optional(held)],
            bearer: token)
    }

    /// Moves the tenant clock forward.
    func advanceClock(seconds: Int) async throws -> String {
        let answer = try await backend.json("POST", "/_mock/tenants/\(id)/clock", ["advanceSeconds": .number(Double(seconds))])
        try #require(answer.status == 200, "clock: \(answer.text)")
        return try #require(answer["now"]?.stringValue)
    }

    /// The journal entries.
    func journal() async throws -> [JSONValue] {
        let answer = try await backend.json("GET", "/_mock/tenants/\(id)/journal")
        try #require(answer.status == 200, "journal: \(answer.text)")
        return try #require(answer["entries"]?.arrayValue)
    }
}
