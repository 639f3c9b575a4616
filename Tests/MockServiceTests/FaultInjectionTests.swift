import CurlHTTP
import Foundation
import Testing

@testable import MockMAMService

@Suite("Fault injection")
struct FaultInjectionTests {
    @Test("a 503 fault with times=1 on mam.enroll fails exactly one enroll, changes nothing and is journalled")
    func enrollFaultOnce() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let admin = try await tenant.adminToken()
            _ = try await tenant.createAssignedPolicy(admin: admin)
            let alice = try await tenant.userTokens("alice@contoso.example", "alice pass+1")

            let faultId = try await tenant.armFault(route: "mam.enroll", status: 503, times: 1)
            #expect(UUID(uuidString: faultId) != nil)
            #expect(try await tenant.faults() == [
                ["faultId": .string(faultId), "route": "mam.enroll", "status": 503, "remaining": 1]
            ])

            let faulted = try await tenant.enroll("alice", token: alice.access)
            #expect(faulted.status == 503)
            #expect(faulted.body == ["error": "injected-fault", "route": "mam.enroll"])
            #expect(try await tenant.faults().isEmpty, "a counted fault is disarmed by its last use")

            // No state change: the faulted enroll created no registration.
            let before = try await backend.json(
                "GET", tenant.graph + "/deviceAppManagement/managedAppRegistrations", bearer: admin)
            #expect(before["value"] == [])

            let enrolled = try await tenant.enroll("alice", token: alice.access)
            #expect(enrolled.status == 200)
            #expect(enrolled["outcome"] == "enrolled")

            let enrolls = try await tenant.journal(route: "mam.enroll")
            #expect(enrolls.compactMap { $0["status"]?.intValue } == [503, 200])
            #expect(enrolls.first?["detail"] == "injected fault")
            #expect(enrolls.first?["path"] == .string("/\(tenant.id)/mam/v1/enroll"))
            #expect(enrolls.first?["method"] == "POST")
            #expect(enrolls.last?["detail"]?.stringValue?.contains("outcome=enrolled") == true)
        }
    }

    @Test("a fault without times lasts until DELETE and pre-empts authentication")
    func persistentFault() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let admin = try await tenant.adminToken()
            _ = try await tenant.createAssignedPolicy(admin: admin)
            let alice = try await tenant.userTokens("alice@contoso.example", "alice pass+1")
            #expect(try await tenant.enroll("alice", token: alice.access)["outcome"] == "enrolled")

            let faultId = try await tenant.armFault(route: "mam.checkin", status: 500)
            #expect(try await tenant.faults() == [
                ["faultId": .string(faultId), "route": "mam.checkin", "status": 500, "remaining": nil]
            ])
            for _ in 0..<3 {
                let checkin = try await tenant.checkin("alice", token: alice.access)
                #expect(checkin.status == 500)
                #expect(checkin["error"] == "injected-fault")
            }
            // The fault is checked before authentication: even a tokenless call gets the injected status.
            #expect(try await tenant.checkin("alice", token: "no-such-token").status == 500)
            #expect(try await tenant.enroll("alice", token: alice.access).status == 200, "other routes are untouched")
            #expect(try await tenant.faults().count == 1)

            #expect(try await tenant.clearFaults() == 204)
            #expect(try await tenant.faults().isEmpty)
            let checkin = try await tenant.checkin("alice", token: alice.access)
            #expect(checkin.status == 200)
            #expect(checkin["outcome"] == "enrolled")

            let checkins = try await tenant.journal(route: "mam.checkin")
            #expect(checkins.compactMap { $0["status"]?.intValue } == [500, 500, 500, 500, 200])
            #expect(checkins.prefix(4).allSatisfy { $0["detail"] == "injected fault" })
        }
    }

    @Test("token faults target one grant type: the route is known before the body is processed")
    func tokenRouteFault() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            try await tenant.armFault(route: "token.password", status: 429, times: 2)
            let password: [(String, String)] = [
                ("grant_type", "password"), ("client_id", tenant.appClientId), ("username", "alice@contoso.example"),
                ("password", "alice pass+1"), ("scope", "\(tenant.mamResource)/.default offline_access"),
            ]
            let first = try await backend.raw(.form(url: tenant.tokenURL, fields: password))
            #expect(first.status == 429)
            #expect(first["route"] == "token.password")
            #expect(first["access_token"] == nil)
            _ = try await tenant.adminToken()  // client credentials are not faulted
            #expect(try await tenant.faults().first?["remaining"] == 1)
            #expect(try await backend.raw(.form(url: tenant.tokenURL, fields: password)).status == 429)
            _ = try await tenant.userTokens("alice@contoso.example", "alice pass+1")

            let entries = try await tenant.journal()
            #expect(entries.compactMap { $0["route"]?.stringValue } == [
                "token.password", "token.client_credentials", "token.password", "token.password",
            ])
            #expect(entries.compactMap { $0["status"]?.intValue } == [429, 200, 429, 200])
            #expect(entries[0]["accountId"] == nil, "a faulted request was not processed, so its account is unknown")
        }
    }

    @Test("malformed fault bodies are refused; unknown route names list the known ones")
    func refusals() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let unknown = try await tenant.injectFault(["route": "mam.enrol", "status": 503])
            #expect(unknown.status == 400)
            #expect(unknown["error"] == "bad-request")
            let known = try #require(unknown["knownRoutes"]?.arrayValue)
            for route in ["mam.enroll", "mam.checkin", "mam.unenroll", "mam.telemetry", "token.password", "token.refresh"] {
                #expect(known.contains(.string(route)))
            }
            #expect(unknown["reason"]?.stringValue?.contains("mam.telemetry") == true)

            #expect(try await tenant.injectFault(["route": "mam.enroll", "status": 200]).status == 400)
            #expect(try await tenant.injectFault(["route": "mam.enroll", "status": 600]).status == 400)
            #expect(try await tenant.injectFault(["route": "mam.enroll", "status": "503"]).status == 400)
            #expect(try await tenant.injectFault(["route": "mam.enroll", "status": 503, "times": 0]).status == 400)
            #expect(try await tenant.injectFault(["route": "mam.enroll", "status": 503, "time": 1]).status == 400)
            #expect(try await tenant.injectFault(["status": 503]).status == 400)
            #expect(try await tenant.injectFault([]).status == 400)
            #expect(try await tenant.faults().isEmpty, "nothing refused was armed")

            let missing = "/_mock/tenants/00000000-0000-0000-0000-000000000000/faults"
            #expect(try await backend.json("POST", missing, ["route": "mam.enroll", "status": 503]).status == 404)
            #expect(try await backend.json("GET", missing).status == 404)
            #expect(try await backend.json("DELETE", missing).status == 404)

            // The controls themselves are not journalled.
            #expect(try await tenant.journal().isEmpty)
        }
    }

    @Test("faults of one tenant do not affect another")
    func tenantIsolation() async throws {
        try await MockBackendFixture.with { backend in
            let faulted = try await TenantFixture.create(backend)
            let healthy = try await TenantFixture.create(backend)
            for tenant in [faulted, healthy] {
                _ = try await tenant.createAssignedPolicy(admin: try await tenant.adminToken())
            }
            try await faulted.armFault(route: "mam.enroll", status: 503)
            let healthyAlice = try await healthy.userTokens("alice@contoso.example", "alice pass+1")
            let faultedAlice = try await faulted.userTokens("alice@contoso.example", "alice pass+1")

            #expect(try await healthy.enroll("alice", token: healthyAlice.access).status == 200)
            #expect(try await faulted.enroll("alice", token: faultedAlice.access).status == 503)
            #expect(try await healthy.faults().isEmpty)
            #expect(try await healthy.clearFaults() == 204)
            #expect(try await faulted.enroll("alice", token: faultedAlice.access).status == 503, "clearing another tenant's faults changes nothing")

            #expect(try await healthy.journal(route: "mam.enroll").compactMap { $0["status"]?.intValue } == [200])
            #expect(try await faulted.journal(route: "mam.enroll").compactMap { $0["status"]?.intValue } == [503, 503])
        }
    }
}
