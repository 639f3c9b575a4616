import AdapterProtocol
import CurlHTTP
import Foundation
import Testing

@testable import MockMAMService

/// App-protection Conditional Access (issue 27, FM-01): a user whose tenant requires app protection policy gets no
/// token for the app's own resources until the app is under policy for that user, while the MAM service's own
/// resource stays open so the SDK can enroll (the remediation path).
@Suite("Token endpoint: protection_policy_required")
struct ProtectionPolicyRequiredTests {
    static let appResourceScope = "api://contoso-harness-app/.default offline_access"

    /// The standard tenant, with alice under app-protection CA.
    static let body: JSONValue = [
        "bundleId": .string(TenantFixture.bundleId),
        "users": [
            ["alias": "alice", "upn": "alice@contoso.example", "password": "alice pass+1", "protectionPolicyRequired": true],
            ["alias": "bob", "upn": "bob@contoso.example", "password": "bob-pass"],
            ["alias": "carol", "upn": "carol@contoso.example", "password": "carol-pass", "licensed": false],
        ],
        "groups": [["name": "app-users", "members": ["alice", "carol"]]],
    ]

    static func passwordGrant(_ tenant: TenantFixture, _ upn: String, _ password: String, scope: String) async throws
        -> MockBackendFixture.Answer
    {
        try await tenant.backend.raw(
            .form(url: tenant.tokenURL, fields: [
                ("grant_type", "password"), ("client_id", tenant.appClientId), ("username", upn),
                ("password", password), ("scope", scope),
            ]))
    }

    @Test("a user under app-protection CA is refused the app's resource with AADSTS53005 until the app is enrolled for them; the MAM service's resource stays open")
    func refusedUntilEnrolled() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend, body: Self.body)
            let admin = try await tenant.adminToken()
            _ = try await tenant.createAssignedPolicy(admin: admin)

            let refused = try await Self.passwordGrant(tenant, "alice@contoso.example", "alice pass+1", scope: Self.appResourceScope)
            #expect(refused.status == 400)
            #expect(refused["error"] == "invalid_grant")
            #expect(refused["suberror"] == "protection_policy_required")
            #expect(refused["error_codes"] == [53005])
            #expect(refused["error_description"]?.stringValue?.hasPrefix("AADSTS53005:") == true)
            #expect(refused["access_token"] == nil)

            // The SDK's own token (the MAM service) is not held back: without it no remediation could enroll.
            let mam = try await tenant.userTokens("alice@contoso.example", "alice pass+1")
            #expect(try await tenant.enroll("alice", token: mam.access).status == 200)

            let granted = try await Self.passwordGrant(tenant, "alice@contoso.example", "alice pass+1", scope: Self.appResourceScope)
            #expect(granted.status == 200)
            #expect(granted["access_token"]?.stringValue?.isEmpty == false)

            // bob is under no such policy: the app's resource is his at once.
            let bob = try await Self.passwordGrant(tenant, "bob@contoso.example", "bob-pass", scope: Self.appResourceScope)
            #expect(bob.status == 200)

            let journal = try await tenant.journal()
            #expect(journal.contains { $0["route"] == "token.password" && $0["status"] == 400 })
        }
    }

    @Test("an unenroll puts the user back under the refusal")
    func refusedAgainAfterUnenroll() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend, body: Self.body)
            let admin = try await tenant.adminToken()
            _ = try await tenant.createAssignedPolicy(admin: admin)
            let mam = try await tenant.userTokens("alice@contoso.example", "alice pass+1")
            #expect(try await tenant.enroll("alice", token: mam.access).status == 200)
            let unenrolled = try await backend.json(
                "POST", tenant.mam + "/unenroll",
                ["accountId": .string(tenant.objectId("alice")), "deviceTag": "device-1"], bearer: mam.access)
            #expect(unenrolled.status == 200)
            let refused = try await Self.passwordGrant(tenant, "alice@contoso.example", "alice pass+1", scope: Self.appResourceScope)
            #expect(refused["suberror"] == "protection_policy_required")
        }
    }

    @Test("a protectionPolicyRequired that is not a boolean refuses the tenant", arguments: [
        JSONValue.string("yes"), JSONValue.number(1), JSONValue.array([]),
    ])
    func badFlag(_ value: JSONValue) async throws {
        try await MockBackendFixture.with { backend in
            let body: JSONValue = [
                "bundleId": .string(TenantFixture.bundleId),
                "users": [["alias": "alice", "upn": "alice@contoso.example", "password": "p", "protectionPolicyRequired": value]],
            ]
            let answer = try await backend.json("POST", "/_mock/tenants", body)
            #expect(answer.status == 400)
            #expect(answer.text.contains("users[0].protectionPolicyRequired must be a boolean"))
        }
    }
}
