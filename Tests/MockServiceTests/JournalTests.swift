import AdapterProtocol
import CurlHTTP
import Foundation
import Testing

@testable import MockMAMService

@Suite("Journal")
struct JournalTests {
    @Test("every tenant request is journalled in arrival order, refusals included, on the tenant clock")
    func journalOrder() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let policies = tenant.graph + "/deviceAppManagement/iosManagedAppProtections"
            _ = try await backend.json("GET", policies)  // 401: no token
            let admin = try await tenant.adminToken()
            let policyId = try await tenant.createAssignedPolicy(admin: admin)
            let alice = try await tenant.userTokens("alice@contoso.example", "alice pass+1")
            _ = try await tenant.advanceClock(seconds: 60)
            _ = try await tenant.enroll("alice", token: alice.access)
            _ = try await tenant.checkin("alice", token: alice.access)
            _ = try await tenant.checkin("alice", token: "stale")  // 401
            _ = try await backend.json(
                "POST", tenant.mam + "/unenroll",
                ["accountId": .string(tenant.objectId("alice")), "deviceTag": "device-1"], bearer: alice.access)

            let entries = try await tenant.journal()
            let routes = entries.compactMap { $0["route"]?.stringValue }
            #expect(routes == [
                "graph.listIosManagedAppProtections", "token.client_credentials", "graph.createIosManagedAppProtection",
                "graph.targetApps", "graph.assign", "token.password", "mam.enroll", "mam.checkin", "mam.checkin",
                "mam.unenroll",
            ])
            #expect(entries.compactMap { $0["seq"]?.intValue } == Array(1...routes.count))
            #expect(entries.compactMap { $0["status"]?.intValue } == [401, 200, 201, 204, 204, 200, 200, 200, 401, 200])
            #expect(entries.allSatisfy { $0["method"] == "POST" || $0["method"] == "GET" })
            #expect(entries[0]["path"] == .string("/\(tenant.id)/graph/v1.0/deviceAppManagement/iosManagedAppProtections"))
            #expect(entries[3]["path"] == .string("/\(tenant.id)/graph/v1.0/deviceAppManagement/iosManagedAppProtections/\(policyId)/targetApps"))
            #expect(entries[5]["at"] == "2026-01-01T00:00:00Z")
            #expect(entries[6]["at"] == "2026-01-01T00:01:00Z")
            let alicesId = JSONValue.string(tenant.objectId("alice"))
            #expect(entries[5]["accountId"] == alicesId)
            #expect(entries[6]["accountId"] == alicesId)
            #expect(entries[7]["accountId"] == alicesId)
            #expect(entries[0]["accountId"] == nil)
            #expect(entries[6]["detail"]?.stringValue?.contains("outcome=enrolled") == true)

            // Nothing in the journal is a secret.
            let text = try await backend.json("GET", "/_mock/tenants/\(tenant.id)/journal").text
            #expect(!text.contains(alice.access))
            #expect(!text.contains(admin))
            #expect(!text.contains("alice pass+1"))
            #expect(!text.contains(tenant.info["admin"]?["clientSecret"]?.stringValue ?? "<none>"))

            let tail = try await backend.json("GET", "/_mock/tenants/\(tenant.id)/journal?after=8")
            #expect(tail["entries"]?.arrayValue?.compactMap { $0["seq"]?.intValue } == [9, 10])
        }
    }

    @Test("deleting a tenant with journal=true answers its whole journal, as the listing gives it, and removes it")
    func deleteWithJournal() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let admin = try await tenant.adminToken()
            _ = try await tenant.createAssignedPolicy(admin: admin)
            let listed = try await backend.json("GET", "/_mock/tenants/\(tenant.id)/journal")
            let refused = try await backend.json("DELETE", "/_mock/tenants/\(tenant.id)?journal=yes")
            #expect(refused.status == 400, "\(refused.text)")
            #expect(try await tenant.journal().count == 4, "a refused delete deletes nothing")

            let deleted = try await backend.json("DELETE", "/_mock/tenants/\(tenant.id)?journal=true")
            #expect(deleted.status == 200, "\(deleted.text)")
            #expect(deleted["entries"] == listed["entries"])
            #expect(deleted["entries"]?.arrayValue?.compactMap { $0["route"]?.stringValue } == [
                "token.client_credentials", "graph.createIosManagedAppProtection", "graph.targetApps", "graph.assign",
            ])
            #expect(!deleted.text.contains(admin), "no secret in the journal")
            #expect(try await backend.json("GET", "/_mock/tenants/\(tenant.id)/journal").status == 404)
            #expect(try await backend.json("DELETE", "/_mock/tenants/\(tenant.id)?journal=true").status == 404)
        }
    }

    @Test("tenants have separate journals")
    func separateJournals() async throws {
        try await MockBackendFixture.with { backend in
            let first = try await TenantFixture.create(backend)
            let second = try await TenantFixture.create(backend)
            _ = try await first.adminToken()
            #expect(try await first.journal().count == 1)
            #expect(try await second.journal().isEmpty)
        }
    }
}
