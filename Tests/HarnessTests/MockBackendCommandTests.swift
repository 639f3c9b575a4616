#if canImport(Glibc)
import Glibc
#endif
import AdapterProtocol
import CurlHTTP
import Foundation
import Testing
import TestSupport

/// `mamconf mock-backend` as a vendor runs it: a separate process, read through pipes.
@Suite("mamconf mock-backend")
struct MockBackendCommandTests {
    private static func mamconf() throws -> String {
        URL(fileURLWithPath: try EndToEnd.referenceExecutable()).deletingLastPathComponent().appendingPathComponent("mamconf").path
    }

    @Test("with --port 0 it announces its URL through a pipe at once, logs one line per request without the admin token, journals to a file and stops on SIGTERM")
    func standaloneThroughPipes() async throws {
        let journal = NSTemporaryDirectory() + "mamconf-mock-journal-\(UUID().uuidString.prefix(8)).jsonl"
        defer { try? FileManager.default.removeItem(atPath: journal) }
        let adminToken = "admin-token-\(UUID().uuidString)"
        var environment = ProcessInfo.processInfo.environment
        environment["MAMCONF_MOCK_ADMIN_TOKEN"] = adminToken
        // The announcement is the only way to learn the port: the test cannot proceed unless it arrives before exit.
        let host = try await ListeningHost.start(
            [try Self.mamconf(), "mock-backend", "--port", "0", "--journal-file", journal], environment: environment,
            mergingStandardOutput: true)
        let base = "http://127.0.0.1:\(host.port)"
        let http = HTTPClient(label: "test.mock-backend", timeouts: HTTPTimeouts(connect: .seconds(5), total: .seconds(20)))

        let refused = try await http.send(.json("POST", "\(base)/_mock/tenants", body: JSONValue.object(["bundleId": "com.contoso.app"]).serialized()))
        #expect(refused.status == 401, "the controls need the admin token")
        let created = try await http.send(.json(
            "POST", "\(base)/_mock/tenants", body: JSONValue.object(["bundleId": "com.contoso.app"]).serialized(), bearer: adminToken))
        #expect(created.status == 201, "\(created.text)")
        let tenant = try JSONValue.parse(created.body)
        let tokenURL = try #require(tenant["tokenURL"]?.stringValue)
        let granted = try await http.send(.form(url: tokenURL, fields: [
            ("grant_type", "client_credentials"), ("client_id", tenant["admin"]?["clientId"]?.stringValue ?? ""),
            ("client_secret", tenant["admin"]?["clientSecret"]?.stringValue ?? ""), ("scope", "https://graph.microsoft.com/.default"),
        ]))
        #expect(granted.status == 200)

        host.kill(SIGTERM)
        #expect(await host.waitForExit(within: 20), "SIGTERM ends the mock")

        let lines = host.stderr
        #expect(lines.contains { $0.contains("listening on http://127.0.0.1:\(host.port)") }, "\(lines)")
        let requestLines = lines.filter { $0.contains("route=token.client_credentials") }
        #expect(requestLines.count == 1, "one log line per tenant request: \(lines)")
        #expect(requestLines.first?.contains("status=200") == true)
        #expect(lines.filter { $0.contains("path=/_mock/tenants") }.map { $0.contains("status=401") } == [true, false],
                "the controls are logged too, the refused one with its 401: \(lines)")
        #expect(!lines.joined().contains(adminToken), "the admin token never appears in the log")
        let secret = try #require(tenant["admin"]?["clientSecret"]?.stringValue)
        #expect(!lines.joined().contains(secret), "nor a client secret")

        let entries = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").map { try JSONValue.parse(String($0)) }
        #expect(entries.map { $0["route"]?.stringValue } == ["token.client_credentials"])
        #expect(entries.first?["tenant"] == tenant["tenantId"])
    }

    @Test("a number out of range stops it before it listens, with exit 2 and the option named (never a wrapped port or a trap)",
          arguments: [["--port", "70000"], ["--port=-1"], ["--idle-timeout", "nan"], ["--idle-timeout", "inf"],
                      ["--idle-timeout", "1e308"], ["--idle-timeout", "0"], ["--threads", "0"], ["--threads", "65"]])
    func optionOutOfRange(_ option: [String]) async throws {
        let port = option[0].hasPrefix("--port") ? [] : ["--port", "0"]
        // `timeout`: a mock that starts anyway (on a wrapped port) would otherwise listen until the suite times out.
        let run = try await runCommand(["timeout", "20", try Self.mamconf(), "mock-backend"] + port + option, mergingStandardError: true)
        #expect(run.status == 2, "\(option): exit \(run.status): \(run.output)")
        #expect(run.output.contains(String(option[0].prefix { $0 != "=" })), "\(run.output)")
        #expect(!run.output.contains("listening on"), "\(run.output)")
    }

    @Test("a journal file that cannot be written stops it with exit 2 and the reason")
    func unwritableJournal() async throws {
        let run = try await runCommand([try Self.mamconf(), "mock-backend", "--port", "0", "--journal-file", "/nonexistent-dir/j.jsonl"], mergingStandardError: true)
        #expect(run.status == 2)
        #expect(run.output.contains("/nonexistent-dir/j.jsonl"), "\(run.output)")
    }

    @Test("with --state-file the tenants, their objects and journals survive a restart; the file is replaced atomically")
    func stateSurvivesRestart() async throws {
        let directory = NSTemporaryDirectory() + "mamconf-mock-state-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let stateFile = "\(directory)/state.json"
        let http = HTTPClient(label: "test.mock-state", timeouts: HTTPTimeouts(connect: .seconds(5), total: .seconds(20)))

        let first = try await ListeningHost.start([try Self.mamconf(), "mock-backend", "--port", "0", "--state-file", stateFile], mergingStandardOutput: true)
        var base = "http://127.0.0.1:\(first.port)"
        let created = try JSONValue.parse(try await http.send(.json(
            "POST", "\(base)/_mock/tenants", body: JSONValue.object(["bundleId": "com.contoso.app"]).serialized())).body)
        let tenantId = try #require(created["tenantId"]?.stringValue)
        let clientId = created["admin"]?["clientId"]?.stringValue ?? ""
        let secret = created["admin"]?["clientSecret"]?.stringValue ?? ""
        func token(_ base: String) async throws -> String {
            let answer = try await http.send(.form(url: "\(base)/\(tenantId)/oauth2/v2.0/token", fields: [
                ("grant_type", "client_credentials"), ("client_id", clientId), ("client_secret", secret),
                ("scope", "https://graph.microsoft.com/.default"),
            ]))
            return try #require(try JSONValue.parse(answer.body)["access_token"]?.stringValue, "\(answer.text)")
        }
        let group: JSONValue = ["displayName": "kept", "mailEnabled": false, "mailNickname": "kept", "securityEnabled": true]
        let made = try await http.send(.json("POST", "\(base)/\(tenantId)/graph/v1.0/groups", body: group.serialized(), bearer: try await token(base)))
        #expect(made.status == 201)
        first.kill(SIGTERM)
        #expect(await first.waitForExit(within: 20))
        #expect(FileManager.default.fileExists(atPath: stateFile))
        let attributes = try FileManager.default.attributesOfItem(atPath: stateFile)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600, "the state holds secrets: owner only")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["state.json"], "no temporary file left")

        let second = try await ListeningHost.start([try Self.mamconf(), "mock-backend", "--port", "0", "--state-file", stateFile], mergingStandardOutput: true)
        base = "http://127.0.0.1:\(second.port)"
        let groups = try JSONValue.parse(try await http.send(.json("GET", "\(base)/\(tenantId)/graph/v1.0/groups", bearer: try await token(base))).body)
        #expect(groups["value"]?.arrayValue?.compactMap { $0["displayName"]?.stringValue } == ["kept"])
        let journal = try JSONValue.parse(try await http.send(.json("GET", "\(base)/_mock/tenants/\(tenantId)/journal")).body)
        #expect((journal["entries"]?.arrayValue ?? []).compactMap { $0["route"]?.stringValue }.prefix(2) == ["token.client_credentials", "graph.createGroup"])
        second.kill(SIGTERM)
        #expect(await second.waitForExit(within: 20))
    }

    @Test("a state file that is not one stops it with exit 2, the path and what to do")
    func corruptStateFile() async throws {
        let path = NSTemporaryDirectory() + "mamconf-mock-state-\(UUID().uuidString.prefix(8)).json"
        try "{\"tenants\": 42}".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try await runCommand([try Self.mamconf(), "mock-backend", "--port", "0", "--state-file", path], mergingStandardError: true)
        #expect(run.status == 2)
        #expect(run.output.contains(path) && run.output.contains("delete it"), "\(run.output)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"tenants\": 42}", "the file is left as it was")
    }
}
