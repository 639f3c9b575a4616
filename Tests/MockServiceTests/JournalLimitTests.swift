import AdapterProtocol
import CurlHTTP
import Foundation
import Testing

@testable import MockMAMService

/// A tenant's journal keeps its newest entries up to the limit, and says how many of those asked for it dropped.
@Suite("Journal limit")
struct JournalLimitTests {
    @Test("past the limit the oldest entries go, seq keeps counting, and the listing says how many were dropped")
    func oldestEntriesAreDropped() async throws {
        try await MockBackendFixture.with(configuration: MockServiceConfiguration(journalLimit: 5)) { backend in
            let tenant = try await TenantFixture.create(backend)
            for _ in 0..<12 { _ = try await backend.json("GET", tenant.graph + "/groups") }  // 401s, journalled

            let all = try await backend.json("GET", "/_mock/tenants/\(tenant.id)/journal")
            #expect(all["entries"]?.arrayValue?.compactMap { $0["seq"]?.intValue } == [8, 9, 10, 11, 12])
            #expect(all["dropped"] == 7, "entries 1-7 are no longer kept: \(all.text)")

            let recent = try await backend.json("GET", "/_mock/tenants/\(tenant.id)/journal?after=9")
            #expect(recent["entries"]?.arrayValue?.compactMap { $0["seq"]?.intValue } == [10, 11, 12])
            #expect(recent["dropped"] == nil, "nothing after 9 was dropped")

            let partly = try await backend.json("GET", "/_mock/tenants/\(tenant.id)/journal?after=4")
            #expect(partly["entries"]?.arrayValue?.count == 5)
            #expect(partly["dropped"] == 3, "entries 5-7 are gone")
        }
    }

    @Test("a tenant keeps at most an eighth more than its limit in memory, however many requests it gets")
    func memoryStaysBounded() async throws {
        let state = MockState(clockStart: MockServiceConfiguration.defaultClockStart, tokenLifetime: .seconds(3600), journalLimit: 64)
        let tenant = await state.createTenant(try TenantSpec.parse(["bundleId": "com.example.app"]))
        for _ in 0..<1000 {
            _ = await state.withTenant(tenant.id) { $0.record(method: "GET", path: "/x", route: "graph.listGroups", status: 401, accountId: nil, detail: nil) }
        }
        let kept = await state.withTenant(tenant.id, changes: false) { $0.journal.count }
        #expect(try #require(kept) <= 64 + 8)
        let last = await state.withTenant(tenant.id, changes: false) { $0.journal.last?.seq }
        #expect(last == 1000)
    }
}
