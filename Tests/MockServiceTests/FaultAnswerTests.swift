import AdapterProtocol
import CurlHTTP
import Foundation
import Logging
import Testing

@testable import MockMAMService

/// The kinds of answer a fault gives and the seeded schedules, as a client (libcurl) sees them.
@Suite("Fault answers and schedules")
struct FaultAnswerTests {
    @Test("a status fault with retryAfter sends the Retry-After header and is journalled with its body digest")
    func retryAfterHeader() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let alice = try await tenant.userTokens("alice@contoso.example", "alice pass+1")
            #expect(try await tenant.injectFault(["route": "mam.enroll", "status": 429, "retryAfter": 7, "times": 1]).status == 201)
            let faulted = try await tenant.enroll("alice", token: alice.access)
            #expect(faulted.status == 429)
            #expect(faulted.headers["retry-after"] == "7" || faulted.headers["Retry-After"] == "7", "\(faulted.headers)")
            let entry = try #require(try await tenant.journal(route: "mam.enroll").first)
            #expect(entry["fault"] == "status 429 retry-after 7")
            let digest = try #require(entry["bodyDigest"]?.stringValue)
            #expect(digest.hasPrefix("fnv1a64:") && digest.count == "fnv1a64:".count + 16)
            #expect(entry["tenant"] == .string(tenant.id))
            let retried = try await tenant.enroll("alice", token: alice.access)
            #expect(retried.status == 200)
            let entries = try await tenant.journal(route: "mam.enroll")
            #expect(entries.last?["bodyDigest"]?.stringValue == digest, "the same body twice has the same digest")
            #expect(entries.last?["fault"] == nil, "no fault field when none was applied")
        }
    }

    @Test("a drop fault closes the connection without an answer: the client gets a transport error, nothing changes")
    func droppedConnection() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let admin = try await tenant.adminToken()
            _ = try await tenant.createAssignedPolicy(admin: admin)
            let alice = try await tenant.userTokens("alice@contoso.example", "alice pass+1")
            #expect(try await tenant.injectFault(["route": "mam.enroll", "drop": true, "times": 1]).status == 201)
            // A client of its own: a fresh connection, so libcurl cannot hide the drop by retrying a reused one.
            let client = HTTPClient(label: "drop-test", timeouts: HTTPTimeouts(connect: .seconds(5), total: .seconds(10)))
            await #expect(throws: (any Error).self) {
                _ = try await client.send(.json(
                    "POST", tenant.mam + "/enroll",
                    body: JSONValue.object(["accountId": .string(tenant.objectId("alice")), "deviceTag": "device-1"]).serialized(),
                    bearer: alice.access))
            }
            let entry = try #require(try await tenant.journal(route: "mam.enroll").first)
            #expect(entry["fault"] == "drop")
            #expect(entry["status"] == 0, "no status was sent")
            let registrations = try await backend.json(
                "GET", tenant.graph + "/deviceAppManagement/managedAppRegistrations", bearer: admin)
            #expect(registrations["value"] == [], "a dropped request was not processed")
            #expect(try await tenant.enroll("alice", token: alice.access).status == 200, "the server keeps serving")
        }
    }

    @Test("a malformed fault answers 200 with a body that is not JSON")
    func malformedBody() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let alice = try await tenant.userTokens("alice@contoso.example", "alice pass+1")
            #expect(try await tenant.injectFault(["route": "mam.checkin", "malformed": true, "times": 1]).status == 201)
            let answer = try await tenant.checkin("alice", token: alice.access)
            #expect(answer.status == 200)
            #expect(answer.body == nil, "body \(answer.text) must not parse")
            #expect(!answer.text.isEmpty)
            #expect(try await tenant.journal(route: "mam.checkin").first?["fault"] == "malformed")
        }
    }

    @Test("a pure delay holds back the normal answer and is journalled as a delay")
    func delayedAnswer() async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            #expect(try await tenant.injectFault(["route": "token.password", "delayMs": 300, "times": 1]).status == 201)
            let started = ContinuousClock.now
            _ = try await tenant.userTokens("alice@contoso.example", "alice pass+1")
            #expect(ContinuousClock.now - started >= .milliseconds(300), "the answer cannot come before the delay")
            let entry = try #require(try await tenant.journal(route: "token.password").first)
            #expect(entry["status"] == 200)
            #expect(entry["fault"] == "delay 300ms")
            #expect(try await tenant.faults().isEmpty)
        }
    }

    @Test(
        "fault bodies that cannot mean one thing are refused",
        arguments: [
            ["route": "mam.enroll", "retryAfter": 5] as JSONValue,
            ["route": "mam.enroll", "status": 503, "drop": true],
            ["route": "mam.enroll", "drop": false],
            ["route": "mam.enroll", "malformed": "yes"],
            ["route": "mam.enroll", "delayMs": 0],
            ["route": "mam.enroll", "delayMs": 600_001],
            ["route": "mam.enroll", "status": 503, "retryAfter": -1],
            ["route": "mam.enroll"],
        ])
    func ambiguousFaults(body: JSONValue) async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let answer = try await tenant.injectFault(body)
            #expect(answer.status == 400, "\(body) → \(answer.text)")
            #expect(answer["reason"]?.stringValue?.isEmpty == false)
            #expect(try await tenant.faults().isEmpty)
        }
    }

    /// The faults one tenant's schedule applies to `count` password grants, in order ("-" for none).
    private static func scheduledFaults(seed: String, count: Int, limit: Int? = nil, backend: MockBackendFixture) async throws -> [String] {
        let tenant = try await TenantFixture.create(backend)
        var body: [String: JSONValue] = [
            "routes": ["token.password"], "rate": 0.5, "seed": .string(seed),
            "faults": [["status": 503, "retryAfter": 1], ["status": 429], ["malformed": true]],
        ]
        if let limit { body["limit"] = .number(Double(limit)) }
        let armed = try await backend.json("POST", "/_mock/tenants/\(tenant.id)/fault-schedule", .object(body))
        try #require(armed.status == 201, "\(armed.text)")
        for _ in 0..<count {
            _ = try await backend.raw(.form(url: tenant.tokenURL, fields: [
                ("grant_type", "password"), ("client_id", tenant.info["appClientId"]?.stringValue ?? ""),
                ("username", "alice@contoso.example"), ("password", "alice pass+1"), ("scope", "x"),
            ]))
        }
        let listing = try await backend.json("GET", "/_mock/tenants/\(tenant.id)/faults")
        #expect(listing["schedules"]?.arrayValue?.first?["seed"] == .string(seed), "the listing shows the seed for a replay")
        let entries = try await tenant.journal(route: "token.password")
        #expect(entries.allSatisfy { $0["fault"]?.stringValue.map { $0.hasSuffix("(schedule seed \(seed))") } ?? true },
                "a scheduled fault names its seed in the journal")
        return entries.map { ($0["fault"]?.stringValue ?? "-").replacingOccurrences(of: " (schedule seed \(seed))", with: "") }
    }

    @Test("a schedule's faults are a function of its seed: the same seed repeats them, another seed differs")
    func scheduleDeterminism() async throws {
        try await MockBackendFixture.with { backend in
            let first = try await Self.scheduledFaults(seed: "18446744073709551557", count: 40, backend: backend)
            let again = try await Self.scheduledFaults(seed: "18446744073709551557", count: 40, backend: backend)
            let other = try await Self.scheduledFaults(seed: "42", count: 40, backend: backend)
            #expect(first.count == 40)
            #expect(first == again)
            #expect(first != other)
            let faulted = first.filter { $0 != "-" }.count
            #expect((8...32).contains(faulted), "rate 0.5 over 40 requests faulted \(faulted)")
            #expect(Set(first.filter { $0 != "-" }).isSubset(of: ["status 503 retry-after 1", "status 429", "malformed"]))
        }
    }

    @Test("a schedule's limit caps the faults it injects, and clearing the faults removes the schedule")
    func scheduleLimit() async throws {
        try await MockBackendFixture.with { backend in
            let faults = try await Self.scheduledFaults(seed: "7", count: 30, limit: 2, backend: backend)
            #expect(faults.filter { $0 != "-" }.count == 2)
            let tenant = try await TenantFixture.create(backend)
            let armed = try await backend.json("POST", "/_mock/tenants/\(tenant.id)/fault-schedule", [
                "routes": ["mam.enroll"], "rate": 1, "seed": "1", "faults": [["drop": true]],
            ])
            #expect(armed.status == 201)
            #expect(try await tenant.clearFaults() == 204)
            let listing = try await backend.json("GET", "/_mock/tenants/\(tenant.id)/faults")
            #expect(listing["schedules"] == [])
        }
    }

    @Test(
        "schedule bodies with a mistake are refused with the reason",
        arguments: [
            ["routes": ["mam.enroll"], "rate": 0.5, "seed": 42, "faults": [["status": 503]]] as JSONValue,
            ["routes": ["mam.enroll"], "rate": 0, "seed": "42", "faults": [["status": 503]]],
            ["routes": ["mam.enroll"], "rate": 1.5, "seed": "42", "faults": [["status": 503]]],
            ["routes": [], "rate": 0.5, "seed": "42", "faults": [["status": 503]]],
            ["routes": ["mam.enrol"], "rate": 0.5, "seed": "42", "faults": [["status": 503]]],
            ["routes": ["mam.enroll"], "rate": 0.5, "seed": "42", "faults": []],
            ["routes": ["mam.enroll"], "rate": 0.5, "seed": "42", "faults": [[:]]],
            ["routes": ["mam.enroll"], "rate": 0.5, "seed": "42", "faults": [["status": 503, "delayMs": 5]]],
            ["routes": ["mam.enroll"], "rate": 0.5, "seed": "42", "faults": [["status": 503]], "limit": 0],
            ["routes": ["mam.enroll"], "rate": 0.5, "seed": "42", "faults": [["status": 503]], "extra": 1],
        ])
    func scheduleRefusals(body: JSONValue) async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let answer = try await backend.json("POST", "/_mock/tenants/\(tenant.id)/fault-schedule", body)
            #expect(answer.status == 400, "\(body) → \(answer.text)")
            #expect(answer["reason"]?.stringValue?.isEmpty == false)
        }
    }

    @Test("the journal file gets every request of every tenant as one JSON line, faults and tenants included")
    func journalFile() async throws {
        let path = NSTemporaryDirectory() + "mamconf-journal-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var logger = Logger(label: "journal-file-test")
        logger.logLevel = .warning
        let server = MockMAMServer(configuration: MockServiceConfiguration(journalFile: path), logger: logger)
        let url = try await server.start()
        let backend = MockBackendFixture(
            server: server, baseURL: url.absoluteString,
            client: HTTPClient(label: "journal-file-test", timeouts: HTTPTimeouts(connect: .seconds(5), total: .seconds(20))))
        do {
            let first = try await TenantFixture.create(backend)
            let second = try await TenantFixture.create(backend)
            try await first.armFault(route: "token.client_credentials", status: 503, times: 1)
            _ = try await backend.raw(.form(url: first.tokenURL, fields: [("grant_type", "client_credentials")]))
            _ = try await first.adminToken()
            _ = try await second.adminToken()
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let entries = try lines.map { try JSONValue.parse(Array($0.utf8)) }
        #expect(entries.count == 3)
        #expect(entries.map { $0["fault"]?.stringValue ?? "-" } == ["status 503", "-", "-"])
        #expect(Set(entries.compactMap { $0["tenant"]?.stringValue }).count == 2)
        #expect(entries.allSatisfy { $0["route"]?.stringValue?.hasPrefix("token") == true })
    }
}
