import AdapterProtocol
import CurlHTTP
import Foundation
import Testing

@testable import MockMAMService

/// `hold` faults: the answer waits for the harness's release, so a case shows "the client did not wait for the
/// service" by order, with no clock. Every test shows order (what happened before what), never elapsed time.
@Suite("Hold faults")
struct HoldFaultTests {
    /// What happened, in the order it happened: the proof that an answer came only after its release.
    actor Order {
        private(set) var events: [String] = []
        func note(_ event: String) { events.append(event) }
    }

    @Test("a held enroll is answered only after its route is released, then normally, and is journalled as held")
    func heldUntilReleased() async throws {
        try await MockBackendFixture.with { backend in
            let (tenant, token) = try await Self.enrollable(backend)
            #expect(try await tenant.injectFault(["route": "mam.enroll", "hold": true, "times": 1]).status == 201)
            #expect(try await tenant.faults().first?["hold"] == true)
            let order = Order()
            let answer = Task {
                let answer = try await tenant.onOwnClient().enroll("alice", token: token)
                await order.note("answered")
                return answer
            }
            try await Self.untilHolding(1, backend)
            await order.note("releasing")
            let release = try await tenant.release("mam.enroll")
            #expect(release.status == 200)
            #expect(release["released"] == 1)
            let enrolled = try await answer.value
            #expect(await order.events == ["releasing", "answered"])
            #expect(enrolled.status == 200)
            #expect(enrolled["outcome"] == "enrolled")
            #expect(try await tenant.journal(route: "mam.enroll").first?["fault"] == "hold")
        }
    }

    @Test("a held error keeps its answer after the release")
    func heldErrorAnswersAfterRelease() async throws {
        try await MockBackendFixture.with { backend in
            let (tenant, token) = try await Self.enrollable(backend)
            #expect(try await tenant.injectFault(["route": "mam.enroll", "hold": true, "status": 503]).status == 201)
            let answer = Task { try await tenant.onOwnClient().enroll("alice", token: token) }
            try await Self.untilHolding(1, backend)
            #expect(try await tenant.release("mam.enroll")["released"] == 1)
            #expect(try await answer.value.status == 503)
            #expect(try await tenant.faults().map { $0["hold"] } == [nil], "the fault stays armed, holding no more")
        }
    }

    @Test("a release before the request arrives means the request is not held")
    func releaseBeforeArrival() async throws {
        try await MockBackendFixture.with { backend in
            let (tenant, token) = try await Self.enrollable(backend)
            #expect(try await tenant.injectFault(["route": "mam.enroll", "hold": true, "times": 1]).status == 201)
            #expect(try await tenant.release("mam.enroll")["released"] == 0)
            #expect(try await tenant.faults().isEmpty, "a released pure hold is disarmed")
            #expect(try await tenant.enroll("alice", token: token).status == 200)
        }
    }

    @Test("clearing the faults or deleting the tenant releases its held requests", arguments: ["clear", "delete"])
    func clearingReleases(action: String) async throws {
        try await MockBackendFixture.with { backend in
            let (tenant, token) = try await Self.enrollable(backend)
            #expect(try await tenant.injectFault(["route": "mam.enroll", "hold": true]).status == 201)
            let answer = Task { try await tenant.onOwnClient().enroll("alice", token: token) }
            try await Self.untilHolding(1, backend)
            if action == "clear" {
                #expect(try await tenant.clearFaults() == 204)
            } else {
                #expect(try await backend.json("DELETE", "/_mock/tenants/\(tenant.id)").status == 204)
            }
            #expect(try await answer.value.status == 200)
            try await Self.untilHolding(0, backend)
        }
    }

    @Test("stopping the mock releases its held requests instead of waiting for them")
    func stoppingReleases() async throws {
        try await MockBackendFixture.with { backend in
            let (tenant, token) = try await Self.enrollable(backend)
            #expect(try await tenant.injectFault(["route": "mam.enroll", "hold": true]).status == 201)
            let answer = Task { try? await tenant.onOwnClient().enroll("alice", token: token) }
            try await Self.untilHolding(1, backend)
            await backend.server.stop()
            _ = await answer.value
            try await Self.untilHolding(0, backend)
        }
    }

    @Test("a hold that is never released ends at the mock's bound, answered as if released")
    func unreleasedHoldEndsAtItsBound() async throws {
        try await MockBackendFixture.with(configuration: MockServiceConfiguration(maximumHold: .milliseconds(20))) { backend in
            let (tenant, token) = try await Self.enrollable(backend)
            #expect(try await tenant.injectFault(["route": "mam.enroll", "hold": true, "times": 1]).status == 201)
            let enrolled = try await tenant.enroll("alice", token: token)
            #expect(enrolled.status == 200)
            #expect(enrolled["outcome"] == "enrolled")
            try await Self.untilHolding(0, backend)
        }
    }

    @Test("a hold bound outside 1 ms...600 s is refused at start")
    func boundOutOfRange() {
        #expect(MockServiceConfiguration(maximumHold: .seconds(601)).problem?.contains("maximumHold") == true)
        #expect(MockServiceConfiguration(maximumHold: .zero).problem?.contains("maximumHold") == true)
        #expect(MockServiceConfiguration(maximumHold: .seconds(600)).problem == nil)
    }

    static let hostileFaults: [(JSONValue, String)] = [
        (["route": "mam.enroll", "hold": false], "hold must be true"),
        (["route": "mam.enroll", "hold": "yes"], "hold must be true"),
        (["route": "mam.enroll", "hold": 1], "hold must be true"),
        (["route": "mam.enroll", "hold": true, "delayMs": 100], "not both"),
        (["route": "mam.enroll", "hold": true, "holds": true], "unknown field 'holds'"),
    ]

    @Test("contradictory or mistyped hold faults are refused and arm nothing", arguments: hostileFaults)
    func hostileHoldFaults(body: JSONValue, reason: String) async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let answer = try await tenant.injectFault(body)
            #expect(answer.status == 400)
            #expect(answer["reason"]?.stringValue?.contains(reason) == true, "\(answer.text)")
            #expect(try await tenant.faults().isEmpty)
        }
    }

    static let hostileReleases: [(String, String)] = [
        (#"{"route":"mam.enrol"}"#, "unknown route"),
        (#"{}"#, "route (a journal route name) is required"),
        (#"{"route":"mam.enroll","all":true}"#, "unknown field 'all'"),
        (#"["mam.enroll"]"#, "must be a JSON object"),
        (#"{"route":42}"#, "route (a journal route name) is required"),
        ("not json", "JSON"),
    ]

    @Test("a release names one known route and nothing else", arguments: hostileReleases)
    func hostileReleaseBodies(body: String, reason: String) async throws {
        try await MockBackendFixture.with { backend in
            let tenant = try await TenantFixture.create(backend)
            let answer = try await backend.raw(
                .json("POST", backend.baseURL + "/_mock/tenants/\(tenant.id)/faults/release", body: Data(body.utf8)))
            #expect(answer.status == 400)
            #expect(answer["reason"]?.stringValue?.contains(reason) == true, "\(answer.text)")
        }
    }

    @Test("releasing on an unknown tenant is a 404")
    func unknownTenant() async throws {
        try await MockBackendFixture.with { backend in
            let missing = "/_mock/tenants/00000000-0000-0000-0000-000000000000/faults/release"
            let answer = try await backend.json("POST", missing, ["route": "mam.enroll"])
            #expect(answer.status == 404)
        }
    }

    /// A tenant with an assigned policy and alice's access token: ready to enroll.
    private static func enrollable(_ backend: MockBackendFixture) async throws -> (TenantFixture, String) {
        let tenant = try await TenantFixture.create(backend)
        _ = try await tenant.createAssignedPolicy(admin: try await tenant.adminToken())
        return (tenant, try await tenant.userTokens("alice@contoso.example", "alice pass+1").access)
    }

    /// Returns once exactly `count` requests are held (an event, not a poll); fails after 10 s.
    private static func untilHolding(_ count: Int, _ backend: MockBackendFixture) async throws {
        let counts = backend.server.heldRequests.counts()
        let reached = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await held in counts where held == count { return true }
                return false
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(10))
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        try #require(reached, "expected \(count) held request(s)")
    }
}
