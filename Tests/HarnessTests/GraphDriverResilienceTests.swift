import AdapterProtocol
import CurlHTTP
import Foundation
import TestSupport
import Testing

/// The Graph driver while Graph throttles, fails and drops its connections: full runs of every suite give the
/// verdicts of an undisturbed run, nothing is created twice and nothing is left behind.
@Suite(.serialized) struct GraphDriverResilienceTests {
    /// The driver's own routes the schedule disturbs: token, creates, actions, reads and deletes.
    static let routes: [JSONValue] = [
        "token.client_credentials", "graph.createGroup", "graph.createIosManagedAppProtection",
        "graph.targetApps", "graph.assign", "graph.listManagedAppRegistrations", "graph.deleteIosManagedAppProtection",
        "graph.deleteGroup", "graph.createTargetedManagedAppConfiguration", "graph.wipeManagedAppRegistrationsByDeviceTag",
    ]

    /// Verdict per `suite/case` from the console (`PASS`, `FAIL`, `SKIP`, `ERROR`).
    static func verdicts(_ output: String) -> [String: String] {
        var verdicts: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count >= 2, ["PASS", "FAIL", "SKIP", "ERROR"].contains(String(words[0])) else { continue }
            verdicts[String(words[1])] = String(words[0])
        }
        return verdicts
    }

    /// An undisturbed run through the Graph driver: its verdicts, and the journal file of every request it made.
    struct UndisturbedRun: Sendable {
        var verdicts: [String: String]
        var journal: String
        var secret: String
    }

    /// The undisturbed run, made once (on a tenant of its own) for all three kinds of disturbance and for the
    /// check of its requests against Graph's OpenAPI description.
    static let undisturbed = Task<UndisturbedRun, any Error> {
        let journal = NSTemporaryDirectory() + "mamconf-graph-journal-\(UUID().uuidString.prefix(8)).jsonl"
        let tenant = try await GraphTenantOnMock.start(journalFile: journal)
        defer { Task { await tenant.stop() } }
        let clean = try await run(tenant)
        try #require(clean.status == 0, "\(runProblems(clean.output))")
        return UndisturbedRun(verdicts: verdicts(clean.output), journal: journal, secret: tenant.secret)
    }

    static func run(_ tenant: GraphTenantOnMock) async throws -> (status: Int32, output: String) {
        try await runCommand(
            [GraphDriverTests.mamconf, "run", "--suites-dir", Repository.suites, "--junit", "\(tenant.directory)/junit-\(UUID().uuidString.prefix(6)).xml"]
                + tenant.arguments,
            environment: tenant.environment())
    }

    @Test(
        "every suite through the Graph driver gets the undisturbed verdicts while its own calls are throttled, fail or drop",
        arguments: [
            ["status": 429, "retryAfter": 0] as JSONValue,
            ["status": 503],
            ["drop": true],
        ])
    func disturbedRunsKeepTheirVerdicts(answer: JSONValue) async throws {
        let expected = try await Self.undisturbed.value.verdicts
        #expect(expected.count >= 60)
        let tenant = try await GraphTenantOnMock.start()
        defer { Task { await tenant.stop() } }

        let http = HTTPClient(label: "test.graph-resilience")
        let armed = try await http.send(.json("POST", "\(tenant.base)/_mock/tenants/\(tenant.tenantId)/fault-schedule", body: JSONValue.object([
            "routes": .array(Self.routes), "rate": 0.15, "faults": [answer], "seed": "20261125", "limit": 25,
        ]).serialized()))
        try #require(armed.status == 201, "\(armed.text)")
        let disturbed = try await Self.run(tenant)
        #expect(disturbed.status == 0, "\(runProblems(disturbed.output))")
        #expect(Self.verdicts(disturbed.output) == expected)

        let listing = try JSONValue.parse(try await http.send(.json("GET", "\(tenant.base)/_mock/tenants/\(tenant.tenantId)/faults")).body)
        let injected = listing["schedules"]?.arrayValue?.first?["injected"]?.intValue ?? 0
        #expect(injected >= 10, "the schedule disturbed only \(injected) calls")
        #expect(try await tenant.remainingObjects() == [])
        // Every group created was deleted exactly once: no create was duplicated.
        let journal = try JSONValue.parse(try await http.send(.json("GET", "\(tenant.base)/_mock/tenants/\(tenant.tenantId)/journal")).body)
        let entries = journal["entries"]?.arrayValue ?? []
        func count(_ route: String, _ status: Int) -> Int {
            entries.filter { $0["route"]?.stringValue == route && $0["status"]?.intValue == status && $0["fault"] == nil }.count
        }
        #expect(count("graph.createGroup", 201) == count("graph.deleteGroup", 204))
        #expect(count("graph.createIosManagedAppProtection", 201) == count("graph.deleteIosManagedAppProtection", 204))
    }
}

/// What the Graph driver sends, checked against Graph's own description of the API.
@Suite(.serialized) struct GraphRequestConformanceTests {
    @Test func everyGraphRequestOfAFullRunMatchesTheOpenAPISubsetWithZeroViolations() async throws {
        // The undisturbed full run's requests (it passed, or it would not have returned).
        let undisturbed = try await GraphDriverResilienceTests.undisturbed.value
        let journal = undisturbed.journal
        let data = Repository.root + "/Tests/Data/graph"
        let check = try await runCommand(
            ["/usr/bin/env", "python3", "\(data)/validate_graph_requests.py", "\(data)/graph-mam-subset.yaml", journal], mergingStandardError: false)
        #expect(check.status == 0, "\(check.output.prefix(3000))")
        let summary = try JSONValue.parse(check.output)
        #expect(summary["violations"] == [], "\(check.output.prefix(3000))")
        #expect((summary["checked"]?.intValue ?? 0) >= 200, "only \(summary["checked"]?.intValue ?? 0) Graph requests were checked")
        let lines = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n")
        #expect(lines.contains { $0.contains("\"body\"") }, "Graph bodies are in the journal file")
        #expect(!lines.contains { $0.contains(undisturbed.secret) }, "the token endpoint's form (the secret) never is")
    }
}
