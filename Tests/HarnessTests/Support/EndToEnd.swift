import Backends
import ConformanceCore
import Foundation
import TestSupport
import Logging
import MamconfCLI
import MockMAMService
import AdapterTransports
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

    /// Runs suites against the reference (optionally with one mutant switched on).
    static func run(
        _ suites: [Suite], arguments: [String] = [], command: [String]? = nil, reporters extra: [any Reporter] = [],
        stepTimeout: Duration = .seconds(10), deadlineScale: Double = 3, backendURL: String? = nil,
        wrap: (any SDKAdapterFactory) -> any SDKAdapterFactory = { $0 }, tap: WireTap? = nil,
        strictProtocol: Bool = false, limits: StdioAdapterFactory.Limits = .init(), workDirectory: String? = nil, keepData: Bool = false,
        wrapBackend: (any BackendDriver) -> any BackendDriver = { $0 }, rerunFailures: Int = 0,
        expectedFailures: ExpectedFailureList? = nil, adapter: (any SDKAdapterFactory)? = nil, restartBudget: Int = 3,
        jobs: Int = 1
    ) async throws -> Run {
        let server = MockMAMServer(configuration: MockServiceConfiguration(), logger: .quiet)
        let started = try await server.start()
        let url = backendURL.flatMap(URL.init(string:)) ?? started
        let redactor = Redactor()
        let console = ConsoleLines()
        let backend = MockGraphBackend(baseURL: url.absoluteString, redactor: redactor)
        let work = workDirectory ?? NSTemporaryDirectory() + "mamconf-test-\(UUID().uuidString)"
        let adapterCommand = try command ?? ([try referenceExecutable()] + arguments)
        let runner = Runner(
            adapter: wrap(adapter ?? StdioAdapterFactory(command: adapterCommand, limits: limits, tap: tap)),
            backend: wrapBackend(backend),
            reporters: [ConsoleReporter(redactor: redactor, verbose: true, output: { console.append($0) })] + extra,
            configuration: RunConfiguration(stepTimeout: stepTimeout, deadlineScale: deadlineScale, workDirectory: work, keepData: keepData, redactor: redactor,
                                            restartBudget: restartBudget, strictProtocol: strictProtocol, rerunFailures: rerunFailures,
                                            jobs: jobs))
        let result = await runner.run(RunPlan(suites: suites, expectedFailures: expectedFailures))
        let connections = await backend.connectionsOpened
        await server.stop()
        if workDirectory == nil { try? FileManager.default.removeItem(atPath: work) }
        return Run(result: result, redactor: redactor, backendConnections: connections, console: console.lines)
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
