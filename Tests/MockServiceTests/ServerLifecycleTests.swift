import AdapterProtocol
import CurlHTTP
import Foundation
import Logging
import Testing

@testable import MockMAMService

@Suite("Server lifecycle")
struct ServerLifecycleTests {
    @Test("start binds 127.0.0.1 on an ephemeral port; stop closes it (one thread serving, or several)", arguments: [1, 4])
    func startAndStop(threads: Int) async throws {
        let server = MockMAMServer(configuration: MockServiceConfiguration(threads: threads), logger: Logger(label: "lifecycle-test"))
        let url = try await server.start()
        #expect(url.host == "127.0.0.1")
        let port = try #require(url.port)
        #expect(port > 0)
        #expect(try await server.start() == url, "a second start returns the running server's URL")
        #expect(await server.baseURL == url)

        let client = HTTPClient(label: "lifecycle-test")
        let health = try await client.send(.json("GET", url.absoluteString + "/_mock/health"))
        #expect(health.status == 200)
        #expect(try JSONValue.parse(Array(health.body)) == ["ok": true])

        await server.stop()
        #expect(await server.baseURL == nil)
        await server.stop()  // idempotent

        // The port is closed once stop() returns: a fresh client cannot connect.
        let afterStop = HTTPClient(label: "lifecycle-test-after")
        await #expect(throws: HTTPClientError.self) {
            _ = try await afterStop.send(.json("GET", url.absoluteString + "/_mock/health"))
        }
    }

    @Test("binding a port that is taken fails instead of hanging")
    func portInUse() async throws {
        let first = MockMAMServer(logger: Logger(label: "lifecycle-test"))
        let url = try await first.start()
        let second = MockMAMServer(
            configuration: MockServiceConfiguration(port: try #require(url.port)), logger: Logger(label: "lifecycle-test"))
        await #expect(throws: MockMAMServer.LifecycleError.self) { try await second.start() }
        await first.stop()
    }

    @Test("unknown tenants and unknown routes answer 404")
    func unknownTenant() async throws {
        try await MockBackendFixture.with { backend in
            let mam = try await backend.json("POST", "/no-such-tenant/mam/v1/checkin", ["accountId": "x"])
            #expect(mam.status == 404)
            #expect(mam["error"] == "unknown-tenant")
            #expect(try await backend.json("GET", "/_mock/tenants/no-such-tenant/journal").status == 404)
            #expect(try await backend.json("GET", "/nothing/here").status == 404)
        }
    }
}

@Suite("Standalone run")
struct StandaloneRunTests {
    @Test("runUntilCancelled serves until its task is cancelled, then closes the port")
    func runUntilCancelled() async throws {
        let server = MockMAMServer(logger: Logger(label: "standalone-test"))
        let (started, sink) = AsyncStream.makeStream(of: URL.self)
        let run = Task {
            try await server.runUntilCancelled(shutdownOnSignals: false) { url in
                sink.yield(url)
                sink.finish()
            }
        }
        var iterator = started.makeAsyncIterator()
        let url = try #require(await iterator.next())
        let client = HTTPClient(label: "standalone-test")
        #expect(try await client.send(.json("GET", url.absoluteString + "/_mock/health")).status == 200)

        run.cancel()
        try await run.value
        #expect(await server.baseURL == nil)
        let afterStop = HTTPClient(label: "standalone-test-after")
        await #expect(throws: HTTPClientError.self) {
            _ = try await afterStop.send(.json("GET", url.absoluteString + "/_mock/health"))
        }
    }
}
