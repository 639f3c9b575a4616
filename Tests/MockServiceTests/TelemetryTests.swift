import AdapterProtocol
import CurlHTTP
import Foundation
import Testing

@testable import MockMAMService

@Suite("Telemetry")
struct TelemetryTests {
    @Test("telemetry with a MAM user token is 204 and journalled with the account and a running count")
    func telemetryAccepted() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let alice = try await tenant.userTokens("alice@contoso.example", "alice pass+1")

            let first = try await tenant.telemetry("alice", token: alice.access, events: ["app.launch", "policy.applied"])
            #expect(first.status == 204)
            #expect(first.text.isEmpty)
            #expect(try await tenant.telemetry("alice", token: alice.access, events: ["app.launch"]).status == 204)

            let entries = try await tenant.journal(route: "mam.telemetry")
            #expect(entries.count == 2)
            #expect(entries.allSatisfy { $0["status"] == 204 && $0["method"] == "POST" })
            #expect(entries.allSatisfy { $0["accountId"] == .string(tenant.objectId("alice")) })
            #expect(entries.first?["path"] == .string("/\(tenant.id)/mam/v1/telemetry"))
            #expect(entries.first?["detail"] == "deviceTag=device-1 events=2 names=app.launch,policy.applied totalEvents=2")
            #expect(entries.last?["detail"] == "deviceTag=device-1 events=1 names=app.launch totalEvents=3")
        }
    }

    @Test("telemetry without a valid MAM user token is 401; malformed bodies are 400")
    func telemetryRefused() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let admin = try await tenant.adminToken()
            let bob = try await tenant.userTokens("bob@contoso.example", "bob-pass")

            let missing = try await tenant.telemetry("alice", token: nil, events: ["app.launch"])
            #expect(missing.status == 401)
            #expect(missing["reason"] == "missing-token")
            #expect(try await tenant.telemetry("alice", token: admin, events: ["x"])["reason"] == "not-a-user-token")
            #expect(try await tenant.telemetry("alice", token: bob.access, events: ["x"])["reason"] == "account-mismatch")

            let alice = try await tenant.userTokens("alice@contoso.example", "alice pass+1")
            let accountId = JSONValue.string(tenant.objectId("alice"))
            for body: JSONValue in [
                ["accountId": accountId, "deviceTag": "device-1"],
                ["accountId": accountId, "deviceTag": "device-1", "events": [["durationMs": 3]]],
                ["accountId": accountId, "deviceTag": "device-1", "events": ["app.launch"]],
                ["accountId": accountId, "events": [["name": "app.launch"]]],
            ] {
                let answer = try await backend.json("POST", tenant.mam + "/telemetry", body, bearer: alice.access)
                #expect(answer.status == 400, "\(answer.text)")
                #expect(answer["error"] == "bad-request")
            }

            let statuses = try await tenant.journal(route: "mam.telemetry").compactMap { $0["status"]?.intValue }
            #expect(statuses == [401, 401, 401, 400, 400, 400, 400])
        }
    }

    @Test("telemetry can be faulted like any other route")
    func telemetryFault() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let alice = try await tenant.userTokens("alice@contoso.example", "alice pass+1")
            try await tenant.armFault(route: "mam.telemetry", status: 429, times: 1)
            #expect(try await tenant.telemetry("alice", token: alice.access, events: ["a"]).status == 429)
            #expect(try await tenant.telemetry("alice", token: alice.access, events: ["a"]).status == 204)
            let details = try await tenant.journal(route: "mam.telemetry").compactMap { $0["detail"]?.stringValue }
            #expect(details == ["injected fault", "deviceTag=device-1 events=1 names=a totalEvents=1"])
        }
    }
}
