import AdapterProtocol
import CurlHTTP
import Foundation
import Testing

@testable import MockMAMService

/// Tenants of one mock never see each other, also when many clients use them at once.
@Suite("Tenant isolation")
struct TenantIsolationTests {
    @Test("a token issued by tenant A is refused on tenant B's Graph face and MAM service")
    func tokensStayInTheirTenant() async throws {
        try await MockBackendFixture.with { backend in
            let first = try await TenantFixture.create(backend)
            let second = try await TenantFixture.create(backend)
            let admin = try await first.adminToken()
            let refused = try await backend.json("GET", second.graph + "/groups", nil, bearer: admin)
            #expect(refused.status == 401)
            #expect(refused["error"]?["code"] == "InvalidAuthenticationToken")
            let alice = try await first.userTokens("alice@contoso.example", "alice pass+1")
            #expect(try await second.enroll("alice", token: alice.access).status == 401)
            #expect(try await backend.json("GET", first.graph + "/groups", nil, bearer: admin).status == 200)
        }
    }

    @Test("concurrent clients of four tenants each see exactly their own objects and journal")
    func concurrentTenants() async throws {
        try await MockBackendFixture.with { backend in
            var tenants: [TenantFixture] = []
            for _ in 0..<4 { tenants.append(try await TenantFixture.create(backend)) }
            var tokens: [String] = []
            for tenant in tenants { tokens.append(try await tenant.adminToken()) }
            let baseline = try await backend.json("GET", tenants[0].graph + "/groups", nil, bearer: tokens[0])["value"]?.arrayValue?.count ?? 0
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, tenant) in tenants.enumerated() {
                    let token = tokens[index]
                    // A client per tenant: separate connections, really concurrent requests.
                    let client = HTTPClient(label: "isolation-\(index)")
                    group.addTask {
                        for item in 0..<15 {
                            let body: JSONValue = [
                                "displayName": .string("t\(index)-g\(item)"), "mailEnabled": false,
                                "mailNickname": .string("t\(index)g\(item)"), "securityEnabled": true,
                            ]
                            let answer = try await client.send(.json("POST", tenant.graph + "/groups", body: body.serialized(), bearer: token))
                            #expect(answer.status == 201)
                        }
                    }
                }
                try await group.waitForAll()
            }
            for (index, tenant) in tenants.enumerated() {
                let groups = try await backend.json("GET", tenant.graph + "/groups", nil, bearer: tokens[index])["value"]?.arrayValue ?? []
                let names = groups.compactMap { $0["displayName"]?.stringValue }.filter { $0.hasPrefix("t") && $0.contains("-g") }
                #expect(names.count == 15 && names.allSatisfy { $0.hasPrefix("t\(index)-") }, "tenant \(index): \(names)")
                #expect(groups.count == baseline + 15)
                let creates = try await tenant.journal(route: "graph.createGroup")
                #expect(creates.count == 15)
                #expect(creates.allSatisfy { $0["tenant"] == .string(tenant.id) })
            }
        }
    }
}
