import AdapterProtocol
import CurlHTTP
import Foundation
import Testing

@testable import MockMAMService

/// IDN-01: an administrator renames a user; the object ID stays and the tokens name the new UPN.
@Suite("User rename control (a UPN change of the same account)")
struct UserRenameTests {
    static func refresh(_ tenant: TenantFixture, _ backend: MockBackendFixture, _ refreshToken: String) async throws
        -> MockBackendFixture.Answer {
        try await backend.raw(.form(url: tenant.tokenURL, fields: [
            ("grant_type", "refresh_token"), ("client_id", tenant.appClientId), ("refresh_token", refreshToken),
            ("scope", "\(tenant.mamResource)/.default offline_access"),
        ]))
    }

    /// The password grant's HTTP status for `upn` with alice's password.
    static func signIn(_ tenant: TenantFixture, _ backend: MockBackendFixture, _ upn: String) async throws -> Int {
        try await backend.raw(.form(url: tenant.tokenURL, fields: [
            ("grant_type", "password"), ("client_id", tenant.appClientId), ("username", upn), ("password", "alice pass+1"),
            ("scope", "\(tenant.mamResource)/.default offline_access"),
        ])).status
    }

    @Test("a renamed user keeps its object ID; refreshed tokens name the new UPN and sign-in takes only the new one")
    func renamedUserSignsInUnderTheNewUPN() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let alice = try await tenant.userTokens("alice@contoso.example", "alice pass+1")
            let url = "/_mock/tenants/\(tenant.id)/users/\(tenant.objectId("alice").uppercased())"
            #expect(try await backend.json("PATCH", url, ["userPrincipalName": "alice.smith@contoso.example"]).status == 204)

            let refreshed = try await Self.refresh(tenant, backend, alice.refresh)
            #expect(refreshed.status == 200)
            #expect(refreshed["account"]?["oid"] == .string(tenant.objectId("alice")))
            #expect(refreshed["account"]?["upn"] == "alice.smith@contoso.example")
            #expect(try await Self.signIn(tenant, backend, "alice.smith@contoso.example") == 200)
            #expect(try await Self.signIn(tenant, backend, "alice@contoso.example") != 200)
            #expect(try await tenant.journal().allSatisfy { $0["path"]?.stringValue?.contains("/users/") != true },
                    "controls are not journalled")
        }
    }

    @Test("the rename control refuses what is not a rename of a known user", arguments: [
        (#"{"userPrincipalName": "no-at-sign"}"#, 400),
        (#"{"userPrincipalName": "@contoso.example"}"#, 400),
        (#"{"userPrincipalName": "alice @contoso.example"}"#, 400),
        (#"{"userPrincipalName": 5}"#, 400),
        (#"{}"#, 400),
        (#"{"userPrincipalName": "new@contoso.example", "mail": "x"}"#, 400),
        (#"{"userPrincipalName": "BOB@contoso.example"}"#, 400),
        (#"[1]"#, 400),
        (#"not json"#, 400),
    ])
    func refusals(body: String, status: Int) async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let url = "/_mock/tenants/\(tenant.id)/users/\(tenant.objectId("alice"))"
            #expect(try await backend.raw(.json("PATCH", backend.baseURL + url, body: Data(body.utf8))).status == status)
            // Nothing changed: alice still signs in under her UPN.
            #expect(try await Self.signIn(tenant, backend, "alice@contoso.example") == 200)
        }
    }

    @Test("an unknown user is 404, an unknown tenant 404")
    func unknownUserOrTenant() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let body: JSONValue = ["userPrincipalName": "x@contoso.example"]
            #expect(try await backend.json("PATCH", "/_mock/tenants/\(tenant.id)/users/00000000-0000-0000-0000-000000000000", body).status == 404)
            #expect(try await backend.json("PATCH", "/_mock/tenants/nope/users/\(tenant.objectId("alice"))", body).status == 404)
        }
    }
}
