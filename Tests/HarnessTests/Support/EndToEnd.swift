import Backends
import ConformanceCore
import Foundation
import TestSupport
import Logging
import MamconfCLI
@testable import RunReporters
import MockMAMService
import AdapterTransports
import RunWiring
import SuiteLoader
import Testing

/// Runs real suites in-process: the real runner, the real stdio adapter driving the built
/// `mamconf-reference`, and a real mock backend on loopback.
enum EndToEnd {
    struct Run: Sendable {
        var result: RunResult
        var redactor: Redactor
        var backendConnections: Int
        var console: [String]
    }

    /// One clean serial run of every suite against the reference over stdio, made once per test process and
    /// shared by the tests that only read it (its verdicts, its console, its report): a full run is the
    /// costliest thing a test does.
    static let cleanRun = Task<Run, any Error> { try await run(loadSuites(), tap: cleanWire.tap) }

    /// Every message of ``cleanRun``, as it crossed the wire (for the schema tests, which need a full run's traffic).
    static let cleanWire = WireRecording()

    /// What the clean reference on its default SDK (21.7.1) gets for a case (`suite/case`): passed, or skipped for
    /// a case of older SDKs.
    static func cleanVerdict(_ key: String) -> String {
        ReferenceSDKVersionTests.skipped(on: "21.7.1").contains(key) ? "skipped" : "passed"
    }

    static func referenceExecutable() throws -> String {
        try #require(ReferenceLocator.referenceExecutable(), "mamconf-reference must be built next to the test binary")
    }

    static func loadSuites(fixtures: String = Repository.fixtures, suiteIDs: [String]? = nil, caseIDs: [String]? = nil) throws -> [Suite] {
        let (catalog, catalogErrors) = RequirementCatalog.load(path: "\(Repository.suites)/requirements.yaml")
        try #require(catalogErrors.isEmpty, "\(catalogErrors)")
        let loaded = SuiteLoader(fixturesDirectory: fixtures, catalog: catalog).load(paths: SuiteLoader.suiteFiles(in: Repository.suites))
        try #require(loaded.errors.isEmpty, "\(loaded.errors)")
        var suites = loaded.suites
        if let suiteIDs { suites = suites.filter { suiteIDs.contains($0.id) } }
        if let caseIDs {
            suites = suites.map { suite in
                var copy = suite
                copy.cases = suite.cases.filter { caseIDs.contains($0.id) }
                return copy
            }.filter { !$0.cases.isEmpty }
        }
        return suites
    }

    /// Runs suites against the reference (optionally with one mutant switched on), wired as `mamconf run` wires
    /// a run: on the embedded mock, or on the mock at `backendURL`.
    static func run(
        _ suites: [Suite], arguments: [String] = [], command: [String]? = nil, reporters extra: [any Reporter] = [],
        stepTimeout: Duration = .seconds(10), deadlineScale: Double = 3, backendURL: String? = nil,
        wrap: @escaping @Sendable (any SDKAdapterFactory) -> any SDKAdapterFactory = { $0 }, tap: WireTap? = nil,
        strictProtocol: Bool = false, limits: StdioAdapterFactory.Limits = .init(), workDirectory: String? = nil, keepData: Bool = false,
        wrapBackend: @escaping @Sendable (any BackendDriver) -> any BackendDriver = { $0 }, rerunFailures: Int = 0,
        expectedFailures: ExpectedFailureList? = nil, adapter: (any SDKAdapterFactory)? = nil, restartBudget: Int = 3,
        jobs: Int = 1
    ) async throws -> Run {
        let assembly = try await RunAssembly.open(backendURL.map { .runningMock(url: $0) } ?? .embeddedMock(logger: .quiet))
        let redactor = Redactor()
        let console = ConsoleLines()
        let work = workDirectory ?? NSTemporaryDirectory() + "mamconf-test-\(UUID().uuidString)"
        let choice = try adapter.map(AdapterChoice.factory) ?? AdapterChoice.command(command ?? ([try referenceExecutable()] + arguments), limits: limits, tap: tap)
        let assembled = assembly.assemble(RunSetup(
            adapter: choice,
            reports: ReportChoice(console: .init(verbose: true, output: { console.append($0) }), extra: extra),
            configuration: RunConfiguration(stepTimeout: stepTimeout, deadlineScale: deadlineScale, workDirectory: work, keepData: keepData, redactor: redactor,
                                            restartBudget: restartBudget, strictProtocol: strictProtocol, rerunFailures: rerunFailures,
                                            jobs: jobs),
            wrapAdapter: wrap, wrapBackend: wrapBackend))
        let result = await assembled.run(RunPlan(suites: suites, expectedFailures: expectedFailures))
        let connections = await (assembled.backend as? MockGraphBackend)?.connectionsOpened
        await assembly.close()
        return Run(result: result, redactor: redactor, backendConnections: try #require(connections), console: console.lines)
    }

    static func mutants() async throws -> [(name: String, requirements: [String])] {
        let output = try await runProcess([try referenceExecutable(), "--list-mutants"])
        return output.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard let name = fields.first, !name.isEmpty else { return nil }
            let ids = fields.count > 1 ? fields[1].split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init) : []
            return (name, ids)
        }
    }

    /// Runs a short command to completion and returns its standard output.
    static func runProcess(_ arguments: [String]) async throws -> String {
        try await runCommand(arguments, mergingStandardError: false).output
    }
}

/// Console lines captured from a reporter (thread-safe).
final class ConsoleLines: Sendable {
    private let storage = LockedLines()
    func append(_ line: String) { storage.append(line) }
    var lines: [String] { storage.all }
}

import Synchronization

final class LockedLines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}


extension Logger {
    /// Test servers log only warnings, so test output stays readable.
    static var quiet: Logger {
        var logger = Logger(label: "test.mock")
        logger.logLevel = .warning
        return logger
    }
}
