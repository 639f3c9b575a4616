import AdapterProtocol
import CurlHTTP
import Foundation
import TestSupport
import Testing

/// `mamconf backend-clean` on a tenant (the mock's Graph face) holding what killed runs left behind.
@Suite(.serialized) struct BackendCleanTests {
    /// Tagged objects of two runs, an untagged group and a name that only looks like a tag.
    static func leaveBehind(_ tenant: GraphTenantOnMock) async throws -> HTTPClient {
        let http = HTTPClient(label: "test.backend-clean")
        let token = try await tenant.adminTokenForTests()
        func create(_ path: String, _ body: JSONValue) async throws {
            let answer = try await http.send(.json("POST", tenant.graphURL + path, body: body.serialized(), bearer: token))
            try #require(answer.status == 201, "\(answer.text)")
        }
        func group(_ name: String) -> JSONValue {
            ["displayName": .string(name), "mailEnabled": false, "mailNickname": "n", "securityEnabled": true]
        }
        try await create("/groups", group("mamconf-0123456789ab enrollment/case group.members"))
        try await create("/deviceAppManagement/iosManagedAppProtections", [
            "@odata.type": "#microsoft.graph.iosManagedAppProtection", "displayName": "mamconf-0123456789ab enrollment/case policy.no-pin",
        ])
        try await create("/groups", group("mamconf-aaaaaaaaaaaa identity-switch/case group.members"))
        try await create("/groups", group("HR staff"))
        try await create("/groups", group("mamconf-notarun group"))
        return http
    }

    static func clean(_ tenant: GraphTenantOnMock, _ extra: [String] = []) async throws -> (status: Int32, output: String) {
        try await runCommand(
            [GraphDriverTests.mamconf, "backend-clean", "--graph-url", tenant.graphURL, "--login-url", tenant.base,
             "--credentials-file", "\(tenant.directory)/credentials.json"] + extra)
    }

    @Test func dryRunListsEveryTaggedObjectAndDeletesNothing() async throws {
        let tenant = try await GraphTenantOnMock.start()
        defer { Task { await tenant.stop() } }
        _ = try await Self.leaveBehind(tenant)
        let before = try await tenant.remainingObjects()
        let run = try await Self.clean(tenant, ["--dry-run"])
        #expect(run.status == 0, "\(run.output)")
        let listed = run.output.split(separator: "\n").filter { $0.hasPrefix("would delete") }
        #expect(listed.count == 3, "\(run.output)")
        #expect(listed.first?.contains("iosManagedAppProtection") == true, "policies before the groups they point at")
        #expect(try await tenant.remainingObjects() == before)
    }

    @Test func aRunIdLimitsTheCleanToThatRunAndUntaggedObjectsAreNeverTouched() async throws {
        let tenant = try await GraphTenantOnMock.start()
        defer { Task { await tenant.stop() } }
        _ = try await Self.leaveBehind(tenant)
        let one = try await Self.clean(tenant, ["--run", "0123456789ab"])
        #expect(one.status == 0, "\(one.output)")
        #expect(one.output.contains("2 of 2 object(s) deleted"))
        var left = try await tenant.remainingObjects()
        #expect(left.contains { $0.contains("mamconf-aaaaaaaaaaaa") })
        #expect(!left.contains { $0.contains("mamconf-0123456789ab") })

        let rest = try await Self.clean(tenant)
        #expect(rest.status == 0, "\(rest.output)")
        left = try await tenant.remainingObjects()
        #expect(left.sorted() == ["groups: HR staff", "groups: mamconf-notarun group"])
        #expect(!rest.output.contains(tenant.secret))
    }

    @Test func objectsThatCannotBeDeletedAreNamedAndExitOne() async throws {
        let tenant = try await GraphTenantOnMock.start()
        defer { Task { await tenant.stop() } }
        let http = try await Self.leaveBehind(tenant)
        let armed = try await http.send(.json("POST", "\(tenant.base)/_mock/tenants/\(tenant.tenantId)/faults",
                                              body: JSONValue.object(["route": "graph.deleteGroup", "status": 403]).serialized()))
        try #require(armed.status == 201)
        let run = try await Self.clean(tenant)
        #expect(run.status == 1, "\(run.output)")
        #expect(run.output.contains("could not delete group"))
        #expect(run.output.contains("1 of 3 object(s) deleted"))
    }

    @Test func aNextLinkToAnotherOriginStopsTheCleanBeforeTheTokenLeaves() async throws {
        let thief = try RecordingListener { _ in .init(body: #"{"value":[]}"#) }
        defer { thief.stop() }
        let graph = try RecordingListener { request in
            request.target.hasSuffix("/oauth2/v2.0/token")
                ? .init(body: #"{"access_token":"stolen-if-it-leaves","expires_in":3600}"#)
                : .init(body: #"{"value":[],"@odata.nextLink":"\#(thief.baseURL)/v1.0/groups?page=2"}"#)
        }
        defer { graph.stop() }
        let directory = NSTemporaryDirectory() + "mamconf-clean-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let credentials: JSONValue = ["tenantId": "tenant", "clientId": "mamconf", "clientSecret": "the-client-secret"]
        _ = FileManager.default.createFile(atPath: "\(directory)/credentials.json", contents: credentials.serialized(), attributes: [.posixPermissions: 0o600])

        let run = try await runCommand(
            [GraphDriverTests.mamconf, "backend-clean", "--dry-run", "--graph-url", graph.baseURL + "/v1.0", "--login-url", graph.baseURL,
             "--credentials-file", "\(directory)/credentials.json"])
        #expect(run.status == 2, "\(run.output)")
        #expect(run.output.contains("not Graph's origin"), "\(run.output)")
        #expect(thief.requests.isEmpty, "\(thief.requests.map { "\($0.method) \($0.target) \($0.headers)" })")
        #expect(!run.output.contains("stolen-if-it-leaves") && !run.output.contains("the-client-secret"))
    }

    @Test func anUnreachableTenantOrMissingCredentialsExitTwo() async throws {
        let tenant = try await GraphTenantOnMock.start()
        let directory = tenant.directory
        let base = tenant.base
        await tenant.server.stop()
        let unreachable = try await runCommand(
            [GraphDriverTests.mamconf, "backend-clean", "--graph-url", "\(base)/x/graph/v1.0", "--login-url", base,
             "--credentials-file", "\(directory)/credentials.json"])
        #expect(unreachable.status == 2, "\(unreachable.output)")
        var environment = ProcessInfo.processInfo.environment
        for name in ["MAMCONF_GRAPH_TENANT_ID", "MAMCONF_GRAPH_CLIENT_ID", "MAMCONF_GRAPH_CLIENT_SECRET"] { environment[name] = nil }
        let missing = try await runCommand([GraphDriverTests.mamconf, "backend-clean"], environment: environment)
        #expect(missing.status == 2)
        #expect(missing.output.contains("MAMCONF_GRAPH_CLIENT_SECRET"), "\(missing.output)")
        try? FileManager.default.removeItem(atPath: directory)
    }
}
