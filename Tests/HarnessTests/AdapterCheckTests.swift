import AdapterProtocol
import Backends
import ConformanceCore
import Foundation
import JUnitXML
@testable import MamconfCLI
import MockMAMService
import RunWiring
import AdapterTransports
import SuiteLoader
import TestSupport
import Testing

/// `adapter-check` passes the reference on every row, and each deliberately broken bridge on every row but
/// the one it breaks.
@Suite(.serialized) struct AdapterCheckTests {
    static let breaker = "\(Repository.testData)/adapters/check_breaker.py"

    static func check(_ command: [String], timeout: Duration = .seconds(5), junit: String? = nil) async throws -> [AdapterCheck.Row] {
        let (tenant, policies, errors) = SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: nil)
            .fixtures(tenant: "contoso", policies: ["pin-required"])
        try #require(errors.isEmpty, "\(errors)")
        return try await run(command, tenant: try #require(tenant), policies: policies, timeout: timeout, junit: junit).rows
    }

    /// The check's rows and run result for `command` as the adapter, against an embedded mock.
    static func run(
        _ command: [String], tenant: TenantFixture, policies: [PolicyFixture], timeout: Duration = .seconds(5), junit: String? = nil,
        tap: WireTap? = nil, jobs: Int? = nil
    ) async throws -> (rows: [AdapterCheck.Row], result: RunResult) {
        let work = NSTemporaryDirectory() + "mamconf-check-test-\(UUID().uuidString)"
        var check = AdapterCheckRun(
            factory: try CheckAdapterFactory { own in StdioAdapterFactory(command: command, tap: { own($0, $1); tap?($0, $1) }) },
            backend: .embeddedMock(logger: .quiet),
            tenant: tenant, policies: policies, redactor: Redactor(), workDirectory: work)
        check.timeout = timeout
        check.junit = junit
        if let jobs { check.jobs = jobs }
        return try await check.run()
    }

    /// The command end to end: its table, its exit code, and its rows as the testcases of a JUnit report.
    @Test func theCommandPassesTheReferenceOnEveryRowAndWritesEachRowAsAJUnitTestcase() async throws {
        let report = NSTemporaryDirectory() + "mamconf-check-junit-\(UUID().uuidString).xml"
        defer { try? FileManager.default.removeItem(atPath: report) }
        let reference = try EndToEnd.referenceExecutable()
        let mamconf = URL(fileURLWithPath: reference).deletingLastPathComponent().appendingPathComponent("mamconf").path
        let (status, output) = try await runCommand(
            [mamconf, "adapter-check", "--fixtures-dir", Repository.fixtures, "--junit", report, "--", reference])
        #expect(status == 0, "\(output)")
        #expect(output.contains("\(AdapterCheck.rows.count) passed, 0 failed"), "\(output)")
        let document = try JUnitReader.read(path: report)
        #expect(document.suites.map(\.name) == [AdapterCheck.suiteID])
        let cases = try #require(document.suites.first).cases
        #expect(cases.map(\.name) == AdapterCheck.rows.map(\.name))
        for testcase in cases { #expect(testcase.outcome == .passed, "\(testcase.name): \(testcase.outcome)") }
        // The table is a rendering of the same results: a line per row, in the report's order.
        let tableRows = output.split(separator: "\n").filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") }
        #expect(tableRows.map { $0.split(separator: " ", omittingEmptySubsequences: true)[1] }.map(String.init) == cases.map(\.name))
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
        // One fault, one row: the events the adapter sent while acting on bad params are not a second fault.
        ("unchecked-params", "bad-params", "answered with a result instead of error -32602"),
    ])
    func aBrokenBridgeFailsExactlyItsRow(mode: String, row: String, reason: String) async throws {
        let command = ["/usr/bin/env", "python3", Self.breaker, mode, "--", try EndToEnd.referenceExecutable()]
        let report = NSTemporaryDirectory() + "mamconf-check-junit-\(UUID().uuidString).xml"
        defer { try? FileManager.default.removeItem(atPath: report) }
        // One limit for every row, the unanswered shutdown's too: at 2 s a loaded machine (the whole test run side by
        // side) once ran out of it before the bridge had answered `initialize`.
        let rows = try await Self.check(command, timeout: .seconds(5), junit: report)
        let failed = rows.filter { !$0.passed }
        #expect(failed.map(\.name) == [row], "\(failed.map { "\($0.name): \($0.detail)" })")
        let detail = try #require(rows.first { $0.name == row }?.detail)
        #expect(detail.contains(reason), "\(detail)")
        // The report says the same: the row's testcase failed with the reason, every other one passed.
        let cases = try JUnitReader.read(path: report).suites.flatMap(\.cases)
        #expect(cases.map(\.name) == AdapterCheck.rows.map(\.name))
        for testcase in cases {
            switch testcase.outcome {
            case .passed: #expect(testcase.name != row)
            case .failure(let message, _, let details): #expect(testcase.name == row && (message + details).contains(reason), "\(message)")
            default: Issue.record("\(testcase.name): \(testcase.outcome)")
            }
        }
    }

    @Test func aProtocol0AdapterPassesEveryRowAndHearsWhichAreasItsMethodNotFoundAnswersLeaveOut() async throws {
        let rows = try await Self.check(["python3", Protocol0Tests.adapter, "--", try EndToEnd.referenceExecutable()])
        #expect(rows.map(\.name) == AdapterCheck.rows.map(\.name))
        for row in rows { #expect(row.passed, "\(row.name): \(row.detail)") }
        let handshake = try #require(rows.first { $0.name == "handshake" }?.detail)
        #expect(handshake.hasPrefix("protocol 0;"), "\(handshake)")
        for area in [Capability.dataTransfer, .clipboard, .notifications] {
            #expect(handshake.contains(area.rawValue), "the handshake row names \(area.rawValue): \(handshake)")
        }
        let methods = try #require(rows.first { $0.name == "methods" }?.detail)
        #expect(methods.contains("not offered"), "\(methods)")
        #expect(methods.contains(RunnerMethod.appShare.rawValue), "\(methods)")
    }

    @Test(arguments: [
        // A protocol-1 adapter was told of both methods.
        (false, [RunnerMethod.appShare, .sdkIsManaged]),
        // Protocol 0 had sdk.isManaged but not app.share, whose -32601 then means "not offered".
        (true, [RunnerMethod.sdkIsManaged]),
    ])
    func aMethodOfTheAdaptersOwnProtocolAnsweredMethodNotFoundFailsTheMethodsRow(protocol0: Bool, missing: [RunnerMethod]) async throws {
        let behind = (protocol0 ? ["python3", Protocol0Tests.adapter, "--"] : []) + [try EndToEnd.referenceExecutable()]
        let rows = try await Self.check(["/usr/bin/env", "python3", Self.breaker, "forgets-methods", "--"] + behind)
        let failed = rows.filter { !$0.passed }
        #expect(failed.map(\.name) == ["methods"], "\(failed.map { "\($0.name): \($0.detail)" })")
        let detail = try #require(rows.first { $0.name == "methods" }?.detail)
        for method in missing { #expect(detail.contains(method.rawValue), "\(detail)") }
        // "answered -32601 to A, B (methods of protocol N): …; not offered …": the accused are A, B.
        let accused = detail.components(separatedBy: "answered -32601 to ").dropFirst().first?.components(separatedBy: " (").first ?? ""
        #expect(accused.contains(RunnerMethod.appShare.rawValue) == !protocol0, "\(detail)")
    }

    /// Exit 2 (nothing judged) only when the backend failed the check as a whole; an adapter that cannot start fails
    /// its rows (exit 1), as before the rows were cases.
    @Test(arguments: [
        ("backend unreachable before any row", "backend unreachable: refused", [CaseOutcome.errored(.notRun("backend unreachable"), details: "")], "backend unreachable: refused"),
        ("the first row's tenant not arranged", nil, [.errored(.backend(BackendFault(request: "POST /_mock/tenants", reason: .transport("refused"))), details: ""), .passed],
         "backend unreachable: "),
        ("the adapter does not start", "adapter cannot start: x", [.errored(.adapterUnusable(.launchFailed("x")), details: ""), .errored(.notRun("the adapter cannot start: x"), details: "")], nil),
        ("rows judged", nil, [.passed, .failed(CaseFailure(message: "m", location: SourceLocation(file: "f", line: 1, column: 1)))], nil),
    ] as [(String, String?, [CaseOutcome], String?)])
    func nothingIsJudgedOnlyWhenTheBackendFailedTheCheck(_ situation: String, abortReason: String?, outcomes: [CaseOutcome], notJudged: String?) {
        let cases = outcomes.enumerated().map { index, outcome in
            CaseResult(suiteId: AdapterCheck.suiteID, caseId: AdapterCheck.rows[index].name, title: "", requirements: [],
                       location: SourceLocation(file: "f", line: 1, column: 1), outcome: outcome, duration: .zero, transcript: [])
        }
        var result = RunResult(suites: [SuiteResult(suiteId: AdapterCheck.suiteID, title: "", requirements: [], started: Date(), duration: .zero, cases: cases)],
                               integration: nil, backend: "mock", harnessVersion: "0")
        result.abortReason = abortReason
        let problem = AdapterCheckCommand.notJudged(result)
        if let notJudged {
            #expect(problem?.hasPrefix(notJudged) == true, "\(situation): \(problem ?? "nil")")
        } else {
            #expect(problem == nil, "\(situation): \(problem ?? "nil")")
        }
    }

    static let caseMethods = RunnerMethod.allCases.filter({ $0.role != .control })

    /// A probe of the methods row never hands a method params it can take, so a conformant integration answers
    /// -32602 and does nothing; a query without params is asked as it is, and an action without params is not sent.
    @Test(arguments: AdapterCheckTests.caseMethods)
    func theMethodsProbeSendsParamsTheMethodCannotTake(_ method: RunnerMethod) throws {
        let takesNone = method.paramsSchema.properties.isEmpty
        switch MethodProbe.unfitParams(for: method) {
        case nil: #expect(takesNone && method.role == .action)
        case let params? where params == [:]: #expect(takesNone && method.role == .query)
        case let params?: #expect(throws: (any Error).self) { try params.decode(as: method.paramsType) }
        }
    }
}
