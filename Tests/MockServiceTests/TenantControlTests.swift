import AdapterProtocol
import CurlHTTP
import Foundation
import Testing

@testable import MockMAMService

@Suite("Tenant controls")
struct TenantControlTests {
    @Test("creating a tenant returns its URLs, credentials, groups, users and clock")
    func createTenant() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let id = tenant.id
            #expect(UUID(uuidString: id) != nil)
            #expect(tenant.graph == "\(backend.baseURL)/\(id)/graph/v1.0")
            #expect(tenant.tokenURL == "\(backend.baseURL)/\(id)/oauth2/v2.0/token")
            #expect(tenant.mam == "\(backend.baseURL)/\(id)/mam/v1")
            #expect(tenant.mamResource == "https://msmamservice.api.application")
            #expect(tenant.info["now"] == "2026-01-01T00:00:00Z")
            #expect(tenant.info["bundleId"] == .string(TenantFixture.bundleId))
            #expect(tenant.info["admin"]?["clientId"]?.stringValue?.isEmpty == false)
            #expect(tenant.info["admin"]?["clientSecret"]?.stringValue?.isEmpty == false)
            #expect(!tenant.appClientId.isEmpty)
            #expect(UUID(uuidString: tenant.groupId("app-users")) != nil)
            #expect(UUID(uuidString: tenant.objectId("alice")) != nil)

            let other = try await TenantFixture.create(backend)
            #expect(other.id != id)
            #expect(other.info["admin"]?["clientSecret"] != tenant.info["admin"]?["clientSecret"])
            #expect(try await tenant.journal().isEmpty)
        }
    }

    @Test("a given objectId is kept")
    func givenObjectId() async throws {
        try await MockBackendFixture.with { backend in
            let objectId = "6f1c2e4a-1111-2222-3333-444455556666"
            let tenant = try await TenantFixture.create(
                backend,
                body: [
                    "bundleId": "com.example.app",
                    "users": [["alias": "dave", "upn": "dave@x.example", "password": "p", "objectId": .string(objectId)]],
                ])
            #expect(tenant.objectId("dave") == objectId)
        }
    }

    @Test("malformed tenant bodies are refused with 400", arguments: [
        JSONValue.array([]),
        ["users": []],
        ["bundleId": "b", "users": [["alias": "a", "upn": "a@x"]]],
        ["bundleId": "b", "users": [["alias": "a", "upn": "a@x", "password": "p"], ["alias": "a", "upn": "b@x", "password": "p"]]],
        ["bundleId": "b", "groups": [["name": "g", "members": ["ghost"]]]],
    ])
    func malformedTenant(body: JSONValue) async throws {
        try await MockBackendFixture.with { backend in
            let answer = try await backend.json("POST", "/_mock/tenants", body)
            #expect(answer.status == 400)
            #expect(answer["error"] == "bad-request")
            #expect(answer["reason"]?.stringValue != nil)
        }
    }

    @Test("the clock moves only when told, and deleting a tenant removes it")
    func clockAndDelete() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            #expect(try await tenant.advanceClock(seconds: 90) == "2026-01-01T00:01:30Z")
            let set = try await backend.json("POST", "/_mock/tenants/\(tenant.id)/clock", ["set": "2026-03-01T12:00:00Z"])
            #expect(set["now"] == "2026-03-01T12:00:00Z")
            let backwards = try await backend.json("POST", "/_mock/tenants/\(tenant.id)/clock", ["advanceSeconds": -5])
            #expect(backwards.status == 400)
            let both = try await backend.json(
                "POST", "/_mock/tenants/\(tenant.id)/clock", ["advanceSeconds": 1, "set": "2026-03-01T12:00:00Z"])
            #expect(both.status == 400)

            #expect(try await backend.json("DELETE", "/_mock/tenants/\(tenant.id)").status == 204)
            #expect(try await backend.json("DELETE", "/_mock/tenants/\(tenant.id)").status == 404)
            #expect(try await backend.json("GET", "/_mock/tenants/\(tenant.id)/journal").status == 404)
        }
    }
}
