import Backends
import ConformanceCore
import Foundation
@testable import MamconfCLI
import MockMAMService
import AdapterTransports
import SuiteLoader
import Testing

/// `adapter-check` passes the reference on every row, and each deliberately broken bridge on every row but
/// the one it breaks.
@Suite(.serialized) struct AdapterCheckTests {
    static let breaker = "\(Repository.testData)/adapters/check_breaker.py"

    static func check(_ command: [String], timeout: Double = 5) async throws -> [AdapterCheck.Row] {
        let server = MockMAMServer(configuration: MockServiceConfiguration(), logger: .quiet)
        let url = try await server.start()
        let (tenant, policies, errors) = SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: nil)
            .fixtures(tenant: "contoso", policies: ["pin-required"])
        try #require(errors.isEmpty, "\(errors)")
        let wire = WireLines()
        let work = NSTemporaryDirectory() + "mamconf-check-test-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: work) }
        var check = AdapterCheck(
            factory: StdioAdapterFactory(command: command, tap: wire.tap),
            backend: MockGraphBackend(baseURL: url.absoluteString, redactor: Redactor()),
            tenant: try #require(tenant), policies: policies, wire: wire, workDirectory: work)
        check.timeout = timeout
        let rows = try await check.run()
        await server.stop()
        return rows
    }

    @Test func theReferencePassesEveryRow() async throws {
        let rows = try await Self.check([try EndToEnd.referenceExecutable()])
        #expect(rows.map(\.name) == AdapterCheck.rows.map(\.name))
        for row in rows { #expect(row.passed, "\(row.name): \(row.detail)") }
    }

    @Test(arguments: [
        ("unknown-method-code", "unknown-method", "instead of -32601"),
        ("bad-params-code", "bad-params", "instead of -32602"),
        ("unknown-capability", "capabilities", "unknown capability teleport"),
        ("log-with-id", "notifications", "carries an id"),
        ("short-lines", "large-message", "app.writeData failed"),
        ("ascii-only", "non-ascii", "not \"Grüße"),
        ("early-sync", "sync", "sync answered before"),
        ("ignores-shutdown", "shutdown", "was not answered"),
        ("question-swallowed", "delegate-question", "was not asked"),
    ])
    func aBrokenBridgeFailsExactlyItsRow(mode: String, row: String, reason: String) async throws {
        let command = ["/usr/bin/env", "python3", Self.breaker, mode, "--", try EndToEnd.referenceExecutable()]
        let rows = try await Self.check(command, timeout: mode == "ignores-shutdown" ? 2 : 5)
        let failed = rows.filter { !$0.passed }
        #expect(failed.map(\.name) == [row], "\(failed.map { "\($0.name): \($0.detail)" })")
        let detail = try #require(rows.first { $0.name == row }?.detail)
        #expect(detail.contains(reason), "\(detail)")
    }
}
