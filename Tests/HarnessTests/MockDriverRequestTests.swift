import AdapterProtocol
import Backends
import ConformanceCore
import CurlHTTP
import Foundation
import Logging
import MockMAMService
import Testing

/// The mock driver makes no request Graph and the mock let it save: a group is created with its members, and the
/// tenant's last journal comes back with its deletion. Every request costs the mock's one event loop, on every case.
@Suite struct MockDriverRequestTests {
    static let users = ["alice", "bob"].map { alias in
        UserFixture(alias: alias, upn: "\(alias)@contoso.example", objectId: UUID().uuidString.lowercased(), licensed: true, password: "\(alias)-pass")
    }

    static func request() -> TenantRequest {
        TenantRequest(
            tenant: TenantFixture(name: "t", bundleId: "com.example.app", users: users, groups: [GroupFixture(name: "app-users", members: ["alice", "bob"])]),
            policies: [PolicyFixture(name: "p", displayName: "P", settings: ["pinRequired": true], assignedGroups: ["app-users"], apps: nil)],
            label: "requests/case")
    }

    /// Requests the mock has served, this one included.
    static func served(_ base: String, by observer: HTTPClient) async throws -> Int {
        try #require(try JSONValue.parse(try await observer.send(.json("GET", "\(base)/_mock/stats")).body)["requests"]?.intValue)
    }

    @Test func aGroupIsCreatedWithItsMembersInOneRequestAndTheLastJournalComesWithTheTeardown() async throws {
        let server = MockMAMServer(configuration: MockServiceConfiguration(), logger: .quiet)
        let base = try await server.start().absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let observer = HTTPClient(label: "observer")
        let backend = MockGraphBackend(baseURL: base, redactor: Redactor())
        let transcript = Transcript(redactor: Redactor())

        let handle = try await backend.arrange(Self.request(), transcript: transcript)
        let read = try await backend.journal(handle, transcript: transcript)
        #expect(read.map(\.route) == [
            "token.client_credentials", "graph.createGroup", "graph.createIosManagedAppProtection", "graph.targetApps", "graph.assign",
        ], "no member is added on its own")

        let before = try await Self.served(base, by: observer)
        let entries = await backend.journalAndTeardown(handle, transcript: transcript)
        #expect(try await Self.served(base, by: observer) == before + 2, "one request for the journal and the teardown (and one for the stats)")
        #expect(entries?.map(\.sequence) == read.map(\.sequence))
        #expect(entries?.map(\.route) == read.map(\.route))
        await #expect(throws: BackendFault.self) { _ = try await backend.journal(handle, transcript: transcript) }
        #expect(await backend.journalAndTeardown(handle, transcript: transcript) == nil, "a tenant goes once")
        await server.stop()
    }
}
