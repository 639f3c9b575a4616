import AdapterProtocol
import CurlHTTP
import Foundation
import Logging
import MockMAMService
import Testing

/// The mock counts TCP connections; one HTTP client must use one connection for many requests.
@Suite struct ConnectionReuseTests {
    @Test func manyRequestsFromOneClientUseOneConnection() async throws {
        // Idle connections are kept for an hour: the observer's stays open however long a loaded machine takes for the
        // fifty requests, so only the subject's connections are counted.
        let server = MockMAMServer(configuration: MockServiceConfiguration(idleTimeout: .seconds(3600)), logger: .quiet)
        let base = try await server.start().absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let observer = HTTPClient(label: "observer")
        let before = try JSONValue.parse(try await observer.send(.json("GET", "\(base)/_mock/stats")).body)

        let client = HTTPClient(label: "subject")
        for _ in 0..<50 {
            let response = try await client.send(.json("GET", "\(base)/_mock/health"))
            #expect(response.status == 200)
        }
        let after = try JSONValue.parse(try await observer.send(.json("GET", "\(base)/_mock/stats")).body)
        await server.stop()

        let newConnections = (after["connections"]?.intValue ?? 0) - (before["connections"]?.intValue ?? 0)
        let newRequests = (after["requests"]?.intValue ?? 0) - (before["requests"]?.intValue ?? 0)
        #expect(newConnections == 1, "50 requests opened \(newConnections) connections")
        #expect(newRequests >= 50)
        #expect(await client.connectionsOpened == 1)
    }
}
