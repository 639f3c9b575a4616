import AdapterProtocol
import Backends
import ConformanceCore
import Foundation
import Logging
import MockMAMService
import Testing

/// The mock driver gives each tenant in flight a connection of its own (parallel cases do not queue on one), and
/// reuses a connection once its tenant is torn down (a serial run keeps one).
@Suite struct BackendConnectionPoolTests {
    private func request() -> TenantRequest {
        TenantRequest(tenant: TenantFixture(name: "t", bundleId: "com.example.app", users: [], groups: []), policies: [], label: "pool/case")
    }

    @Test func tenantsInFlightEachHaveAConnectionAndTornDownOnesAreReused() async throws {
        let server = MockMAMServer(configuration: MockServiceConfiguration(idleTimeout: .seconds(3600)), logger: .quiet)
        let base = try await server.start().absoluteString
        let backend = MockGraphBackend(baseURL: base, redactor: Redactor())
        let transcript = Transcript(redactor: Redactor())

        for _ in 0..<3 {
            let handle = try await backend.arrange(request(), transcript: transcript)
            await backend.teardown(handle)
        }
        #expect(await backend.connectionsOpened == 1, "one tenant at a time")

        let first = try await backend.arrange(request(), transcript: transcript)
        let second = try await backend.arrange(request(), transcript: transcript)
        #expect(await backend.connectionsOpened == 2, "two tenants in flight")
        // Each tenant's later calls go over its own connection and still reach its own tenant.
        _ = try await backend.journal(first, transcript: transcript)
        _ = try await backend.journal(second, transcript: transcript)
        await backend.teardown(first)
        await backend.teardown(second)

        let third = try await backend.arrange(request(), transcript: transcript)
        await backend.teardown(third)
        #expect(await backend.connectionsOpened == 2, "a torn-down tenant's connection is reused")
        await server.stop()
    }
}
