import AdapterProtocol
import Backends
import ConformanceCore
import CurlHTTP
import Foundation
import MockMAMService
import Testing

/// The Graph client against the mock's Graph face and token endpoint, with faults on its own calls and a recording
/// clock: what it sends, how often, how long it waits, and what a failure carries.
@Suite("Graph admin client")
struct GraphAdminClientTests {
    /// A mock tenant, a client for it and a way to arm faults and read the journal.
    struct Tenant {
        let server: MockMAMServer
        let base: String
        let id: String
        let graphURL: String
        let client: GraphAdminClient
        let clock: RecordingClock
        let redactor: Redactor
        let secret: String
        private let http = HTTPClient(label: "test.graph-admin")

        static func start(policy: GraphRetryPolicy = GraphRetryPolicy(), jitter: Double = 0.999,
                          timeouts: HTTPTimeouts = HTTPTimeouts(connect: .seconds(5), total: .seconds(20))) async throws -> Tenant {
            let server = MockMAMServer(configuration: MockServiceConfiguration(), logger: .quiet)
            let base = try await server.start().absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            let setup = HTTPClient(label: "test.graph-admin.setup")
            let created = try JSONValue.parse(try await setup.send(.json(
                "POST", "\(base)/_mock/tenants", body: JSONValue.object(["bundleId": "com.contoso.app"]).serialized())).body)
            let id = try #require(created["tenantId"]?.stringValue)
            let graphURL = try #require(created["graphBaseURL"]?.stringValue)
            let secret = try #require(created["admin"]?["clientSecret"]?.stringValue)
            let clock = RecordingClock()
            let redactor = Redactor()
            let client = GraphAdminClient(
                graphURL: graphURL, tokenURL: try #require(created["tokenURL"]?.stringValue),
                credentials: GraphCredentials(tenantId: id, clientId: created["admin"]?["clientId"]?.stringValue ?? "", clientSecret: secret),
                redactor: redactor, policy: policy, clock: clock, jitter: { jitter }, timeouts: timeouts)
            return Tenant(server: server, base: base, id: id, graphURL: graphURL, client: client, clock: clock, redactor: redactor, secret: secret)
        }

        func fault(_ body: JSONValue) async throws {
            let answer = try await http.send(.json("POST", "\(base)/_mock/tenants/\(id)/faults", body: body.serialized()))
            try #require(answer.status == 201, "\(answer.text)")
        }

        func advanceTenantClock(seconds: Double) async throws {
            _ = try await http.send(.json("POST", "\(base)/_mock/tenants/\(id)/clock", body: JSONValue.object(["advanceSeconds": .number(seconds)]).serialized()))
        }

        /// Statuses the journal shows for one route, in order.
        func statuses(_ route: String) async throws -> [Int] {
            let journal = try JSONValue.parse(try await http.send(.json("GET", "\(base)/_mock/tenants/\(id)/journal")).body)
            return (journal["entries"]?.arrayValue ?? []).filter { $0["route"]?.stringValue == route }.compactMap { $0["status"]?.intValue }
        }

        func stop() async { await server.stop() }
    }

    private static let group: JSONValue = ["displayName": "mamconf-test group", "mailEnabled": false, "mailNickname": "g", "securityEnabled": true]

    @Test("one token serves many calls until five minutes before it expires; then a new one is fetched")
    func tokenCached() async throws {
        let tenant = try await Tenant.start()
        for _ in 0..<5 { _ = try await tenant.client.list("/groups", transcript: nil) }
        #expect(try await tenant.statuses("token.client_credentials") == [200])
        tenant.clock.advance(by: .seconds(3600 - 299))
        _ = try await tenant.client.list("/groups", transcript: nil)
        #expect(try await tenant.statuses("token.client_credentials") == [200, 200])
        #expect(tenant.redactor.redact("secret \(tenant.secret)").contains(tenant.secret) == false, "the secret is registered for redaction")
        await tenant.stop()
    }

    @Test("a 401 from Graph drops the token, fetches a new one and sends the call once more")
    func unauthorizedRefreshedOnce() async throws {
        let tenant = try await Tenant.start()
        _ = try await tenant.client.list("/groups", transcript: nil)
        // The mock's tokens expire on its own clock; the client's cache does not know.
        try await tenant.advanceTenantClock(seconds: 7200)
        _ = try await tenant.client.list("/groups", transcript: nil)
        #expect(try await tenant.statuses("graph.listGroups") == [200, 401, 200])
        #expect(try await tenant.statuses("token.client_credentials") == [200, 200])
        #expect(tenant.clock.sleeps.isEmpty, "a refresh is not a retry: no wait")
        await tenant.stop()
    }

    @Test("429 with Retry-After 3 waits exactly 3 s before sending again")
    func retryAfterHonoured() async throws {
        let tenant = try await Tenant.start()
        try await tenant.fault(["route": "graph.listGroups", "status": 429, "retryAfter": 3, "times": 1])
        _ = try await tenant.client.list("/groups", transcript: nil)
        #expect(try await tenant.statuses("graph.listGroups") == [429, 200])
        #expect(tenant.clock.sleeps == [.seconds(3)])
        await tenant.stop()
    }

    @Test("503 without Retry-After backs off with full jitter: each wait within 0.5 s × 2^(n-1)")
    func backoffBounds() async throws {
        let tenant = try await Tenant.start(jitter: 0.999)
        try await tenant.fault(["route": "graph.listGroups", "status": 503, "times": 3])
        _ = try await tenant.client.list("/groups", transcript: nil)
        #expect(try await tenant.statuses("graph.listGroups") == [503, 503, 503, 200])
        let sleeps = tenant.clock.sleeps
        #expect(sleeps.count == 3)
        for (index, wait) in sleeps.enumerated() {
            #expect(wait >= .zero && wait <= .milliseconds(500) * (1 << index), "wait \(index + 1) = \(wait)")
            #expect(wait > .milliseconds(490) * (1 << index), "the jitter draw 0.999 is near the top of the range")
        }
        await tenant.stop()
    }

    @Test("a service that keeps failing gets 8 attempts, then a typed deadline fault naming the last answer")
    func attemptsUsedUp() async throws {
        let tenant = try await Tenant.start()
        try await tenant.fault(["route": "graph.listGroups", "status": 500])
        await #expect {
            _ = try await tenant.client.list("/groups", transcript: nil)
        } throws: { error in
            guard let fault = error as? BackendFault, case .deadline(_, let attempts, let last) = fault.reason else { return false }
            return attempts == 8 && last.contains("HTTP 500")
        }
        #expect(try await tenant.statuses("graph.listGroups").count == 8)
        await tenant.stop()
    }

    @Test("a Retry-After beyond the call's deadline stops at once instead of waiting")
    func deadlineStopsEarly() async throws {
        let tenant = try await Tenant.start(policy: GraphRetryPolicy(deadline: .seconds(10)))
        try await tenant.fault(["route": "graph.listGroups", "status": 429, "retryAfter": 60])
        await #expect {
            _ = try await tenant.client.list("/groups", transcript: nil)
        } throws: { error in
            guard let fault = error as? BackendFault, case .deadline(_, let attempts, _) = fault.reason else { return false }
            return attempts == 1
        }
        #expect(tenant.clock.sleeps.isEmpty)
        await tenant.stop()
    }

    @Test("a create whose connection drops before the service acted is looked up, not found, and sent again once")
    func createDroppedIsSentAgain() async throws {
        let tenant = try await Tenant.start()
        try await tenant.fault(["route": "graph.createGroup", "drop": true, "times": 1])
        let created = try await tenant.client.call("POST", "/groups", body: Self.group, expect: 201, transcript: nil)
        #expect(created["displayName"] == "mamconf-test group")
        #expect(try await tenant.statuses("graph.createGroup") == [0, 201])
        #expect(try await tenant.statuses("graph.listGroups") == [200], "looked for it before sending again")
        #expect(try await tenant.client.list("/groups", transcript: nil).count == 1)
        await tenant.stop()
    }

    @Test("a create whose answer is lost after the service acted is found and never sent again")
    func createAnswerLostIsNotDuplicated() async throws {
        let tenant = try await Tenant.start(timeouts: HTTPTimeouts(connect: .seconds(5), total: .seconds(1)))
        // The mock creates the group, then holds the answer past the client's 1 s limit.
        try await tenant.fault(["route": "graph.createGroup", "delayMs": 1500, "times": 1])
        let created = try await tenant.client.call("POST", "/groups", body: Self.group, expect: 201, transcript: nil)
        let groups = try await tenant.client.list("/groups", transcript: nil)
        #expect(groups.count == 1, "no duplicate: \(groups)")
        #expect(created["id"] == groups.first?["id"])
        #expect(try await tenant.statuses("graph.createGroup") == [201])
        await tenant.stop()
    }

    @Test("a listing follows @odata.nextLink through every page: 250 groups in 3 pages, each once")
    func pagingFollowed() async throws {
        let tenant = try await Tenant.start()
        for index in 0..<250 {
            _ = try await tenant.client.call("POST", "/groups", body: [
                "displayName": .string("paged \(index)"), "mailEnabled": false, "mailNickname": .string("p\(index)"), "securityEnabled": true,
            ], expect: 201, transcript: nil)
        }
        let groups = try await tenant.client.list("/groups", transcript: nil)
        #expect(groups.count == 250)
        #expect(Set(groups.compactMap { $0["id"]?.stringValue }).count == 250)
        #expect(try await tenant.statuses("graph.listGroups") == [200, 200, 200])
        await tenant.stop()
    }

    @Test("a listing that never ends stops at the page limit with a clear fault")
    func pageLimit() async throws {
        let tenant = try await Tenant.start(policy: GraphRetryPolicy(maximumPages: 2))
        for index in 0..<5 {
            _ = try await tenant.client.call("POST", "/groups", body: [
                "displayName": .string("limit \(index)"), "mailEnabled": false, "mailNickname": .string("l\(index)"), "securityEnabled": true,
            ], expect: 201, transcript: nil)
        }
        await #expect {
            _ = try await tenant.client.list("/groups?$top=2", transcript: nil)
        } throws: { error in
            (error as? BackendFault)?.message.contains("more than 2 pages") == true
        }
        await tenant.stop()
    }

    @Test("Graph's error body stays typed in the fault: code, message and request id")
    func graphErrorDetails() async throws {
        let tenant = try await Tenant.start()
        await #expect {
            _ = try await tenant.client.call("GET", "/groups/00000000-0000-0000-0000-000000000000", body: nil, expect: 200, transcript: nil)
        } throws: { error in
            guard let fault = error as? BackendFault, case .status(404, let service?) = fault.reason else { return false }
            return service.code == "Request_ResourceNotFound" && !service.message.isEmpty && service.requestId?.isEmpty == false
        }
        await tenant.stop()
    }

    @Test("a refused client secret is a credentials fault with the endpoint's reason and without the secret")
    func refusedSecret() async throws {
        let tenant = try await Tenant.start()
        let wrong = GraphAdminClient(
            graphURL: tenant.graphURL, tokenURL: "\(tenant.base)/\(tenant.id)/oauth2/v2.0/token",
            credentials: GraphCredentials(tenantId: tenant.id, clientId: "nobody", clientSecret: "not-the-secret-123"),
            redactor: Redactor(), clock: RecordingClock(), jitter: { 0.999 })
        await #expect {
            _ = try await wrong.list("/groups", transcript: nil)
        } throws: { error in
            guard let fault = error as? BackendFault, case .credentials(let text) = fault.reason else { return false }
            return !text.contains("not-the-secret-123") && text.contains("HTTP 4")
        }
        await tenant.stop()
    }
}
