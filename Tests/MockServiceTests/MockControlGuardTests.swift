import AdapterProtocol
import CurlHTTP
import Foundation
import Logging
import Testing

@testable import MockMAMService

/// The admin token guards every `/_mock` control however its path is spelt, every request is logged once, and the
/// loopback check reads addresses, not text. Requests go over raw sockets: libcurl would normalise the paths.
@Suite(.serialized) struct MockControlGuardTests {
    static let adminToken = "t0ken-of-the-admin"

    /// A mock with an admin token and a recording log.
    static func start() async throws -> (MockMAMServer, Int, RecordingLog) {
        let log = RecordingLog()
        let server = MockMAMServer(configuration: MockServiceConfiguration(adminToken: adminToken), logger: log.logger)
        let url = try await server.start()
        return (server, try #require(url.port), log)
    }

    /// Sends `target` as the request target, exactly, and returns the status and the whole answer.
    static func send(_ method: String, _ target: String, port: Int, body: String = "", bearer: String? = nil) async throws -> (Int, String) {
        let connection = try MockUnderAttackTests.RawConnection(port: port, timeout: 20)
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if !body.isEmpty { head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        if let bearer { head += "Authorization: Bearer \(bearer)\r\n" }
        let answer = try await offPoolRead(connection, Array((head + "\r\n" + body).utf8))
        let status = Int(answer.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, answer)
    }

    private static func offPoolRead(_ connection: MockUnderAttackTests.RawConnection, _ bytes: [UInt8]) async throws -> String {
        try #require(await withCheckedContinuation { continuation in
            Thread {
                connection.send(bytes)
                continuation.resume(returning: connection.readToClose())
            }.start()
        }, "the mock did not answer")
    }

    @Test("no spelling of a control's path passes without the admin token, and each such request is logged once",
          arguments: [
              "//_mock/tenants", "///_mock/tenants", "/_mock//tenants", "/_mock/tenants/", "/_mock/tenants//",
              "/./_mock/tenants", "/_mock/./tenants", "/x/../_mock/tenants", "/%2F_mock/tenants", "/%2f_mock/tenants",
              "/%5Fmock/tenants", "/_mock/%74enants", "/_MOCK/tenants", "/_mock/tenants;x", "/_mock/tenants?x=1",
              "http://127.0.0.1/_mock/tenants", "http://127.0.0.1//_mock/tenants",
          ])
    func everySpellingNeedsTheToken(_ target: String) async throws {
        let (server, port, log) = try await Self.start()
        defer { Task { await server.stop() } }
        let before = log.all.count
        let (status, answer) = try await Self.send("POST", target, port: port, body: #"{"bundleId":"com.example.app"}"#)
        #expect(status == 401 || status == 404, "\(target): \(answer.prefix(300))")
        #expect(!answer.contains("clientSecret"), "\(target) handed out a tenant's administrator secret")
        let stats = try await Self.send("GET", "/_mock/stats", port: port, bearer: Self.adminToken)
        #expect(stats.1.contains(#""tenants":0"#), "\(target) created a tenant: \(stats.1.suffix(100))")
        let lines = Array(log.all[before...]).filter { $0.contains("status=\(status)") }
        #expect(lines.count == 1, "\(target): one log line for the request, got \(lines)")
        #expect(!log.all.joined().contains(Self.adminToken))
        await server.stop()
    }

    @Test("the controls answer with the token whatever the path's spelling the router accepts")
    func theTokenStillOpensTheControls() async throws {
        let (server, port, _) = try await Self.start()
        defer { Task { await server.stop() } }
        for target in ["/_mock/tenants", "//_mock/tenants", "/_mock/tenants/"] {
            let (status, answer) = try await Self.send("POST", target, port: port, body: #"{"bundleId":"com.example.app"}"#, bearer: Self.adminToken)
            #expect(status == 201, "\(target): \(answer.prefix(200))")
        }
        await server.stop()
    }

    @Test("tenant faces need their tokens under any spelling too",
          arguments: ["//{t}/graph/v1.0/groups", "/{t}//graph/v1.0/groups/", "/{t}/graph/v1.0//groups", "//{t}/mam/v1/checkin"])
    func tenantFacesNeedTheirTokens(_ template: String) async throws {
        let (server, port, _) = try await Self.start()
        defer { Task { await server.stop() } }
        let (_, created) = try await Self.send("POST", "/_mock/tenants", port: port, body: #"{"bundleId":"com.example.app"}"#, bearer: Self.adminToken)
        let tenant = try #require(created.range(of: #""tenantId":""#).map { String(created[$0.upperBound...].prefix(36)) })
        let target = template.replacingOccurrences(of: "{t}", with: tenant)
        let method = target.hasSuffix("checkin") ? "POST" : "GET"
        let (status, answer) = try await Self.send(method, target, port: port, body: method == "POST" ? #"{"accountId":"x"}"# : "")
        #expect(status == 401 || status == 404, "\(target): \(answer.prefix(300))")
        await server.stop()
    }

    @Test("only addresses that are loopback count as loopback, whatever their text",
          arguments: [
              ("127.0.0.1", true), ("127.255.3.4", true), ("::1", true), ("0:0:0:0:0:0:0:1", true), ("[::1]", true),
              ("::ffff:127.0.0.1", true), ("localhost", true),
              ("127.example.invalid", false), ("127.0.0.1.example.invalid", false), ("0.0.0.0", false), ("::", false),
              ("10.0.0.1", false), ("::ffff:10.0.0.1", false), ("128.0.0.1", false), ("", false),
          ])
    func loopbackIsParsed(_ host: String, loopback: Bool) {
        #expect(MockServiceConfiguration(host: host).bindsLoopbackOnly == loopback, "\(host)")
    }

    @Test("a name that merely starts with 127. does not open the controls without a token")
    func lookalikeHostNeedsAToken() async throws {
        let server = MockMAMServer(configuration: MockServiceConfiguration(host: "127.example.invalid"), logger: Logger(label: "guard"))
        await #expect {
            try await server.start()
        } throws: { error in
            guard case .unprotectedControls? = error as? MockMAMServer.LifecycleError else { return false }
            return true
        }
    }
}
