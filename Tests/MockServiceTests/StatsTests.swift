import CurlHTTP
import Foundation
import Testing

@testable import MockMAMService

@Suite("Statistics")
struct StatsTests {
    @Test("/_mock/stats counts TCP connections, not requests: keep-alive requests share one")
    func keepAliveCountsOneConnection() async throws {
        try await MockBackendFixture.with { backend in
            for _ in 0..<25 {
                #expect(try await backend.json("GET", "/_mock/health").status == 200)
            }
            let stats = try await backend.json("GET", "/_mock/stats")
            #expect(stats["connections"] == 1)
            #expect(stats["requests"] == 26)
            #expect(await backend.client.connectionsOpened == 1)

            // A second client opens a second connection.
            let other = HTTPClient(label: "stats-second-client")
            _ = try await other.send(.json("GET", backend.baseURL + "/_mock/health"))
            let after = try await backend.json("GET", "/_mock/stats")
            #expect(after["connections"] == 2)
            #expect(after["requests"] == 28)
        }
    }
}
