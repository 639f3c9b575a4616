import ArgumentParser
import Backends
import ConformanceCore
import Foundation
import JUnitXML
import Logging
import MockMAMService
import StdioAdapter

/// Runs suites against an integration and a backend, writing JUnit XML.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run suites against an SDK integration and write a JUnit report.")

    @OptionGroup var suites: SuiteOptions

    @Option(name: .customLong("suite"), help: "Run only this suite (repeatable).")
    var suiteIDs: [String] = []

    @Option(name: .customLong("case"), help: "Run only this case id (repeatable).")
    var caseIDs: [String] = []

    @OptionGroup var adapter: AdapterOptions

    @Option(help: "Base URL of a running mock backend (default: start one embedded on 127.0.0.1).")
    var backend: String?

    @Option(help: "Where to write the JUnit XML report.")
    var junit = "reports/junit.xml"

    @Option(name: .customLong("deadline-scale"), help: "Multiply every step deadline (slow machines).")
    var deadlineScale = 1.0

    @Option(name: .customLong("step-timeout"), help: "Default seconds a step may take.")
    var stepTimeout = 10.0

    @Option(name: .customLong("line-limit"), help: "Longest adapter protocol line accepted, in bytes.")
    var lineLimit = 1 << 20

    @Option(name: .customLong("restart-budget"), help: "Stop after this many cases in a row broken by the adapter itself.")
    var restartBudget = 3

    @Flag(name: .customLong("strict-protocol"), help: "Fail a case on the first message of the integration that breaks the protocol's schemas.")
    var strictProtocol = false

    @Flag(name: .customLong("fail-on-skip"), help: "Exit 1 when any case was skipped (for gates that must not accept skips).")
    var failOnSkip = false

    @Flag(name: .customLong("keep-data"), help: "Keep per-case data directories.")
    var keepData = false

    @Flag(name: .shortAndLong, help: "Print failure details on the console.")
    var verbose = false

    func validate() throws {
        guard deadlineScale > 0 else { throw ValidationError("--deadline-scale must be positive") }
        guard stepTimeout > 0 else { throw ValidationError("--step-timeout must be positive") }
        guard restartBudget >= 1 else { throw ValidationError("--restart-budget must be at least 1") }
        guard lineLimit >= 1024 else { throw ValidationError("--line-limit must be at least 1024 bytes") }
    }

    func run() async throws {
        let commandStart = DispatchTime.now().uptimeNanoseconds
        signal(SIGPIPE, SIG_IGN)
        let selected = try select(try suites.loadSuites())
        let command = try adapter.command()
        do { try JUnitWriter.checkWritable(junit) } catch {
            throw MamconfExit(MamconfExit.notJudged, "\(error.description); nothing was run")
        }
        let redactor = Redactor()
        let control = RunControl()
        SignalTrap.shared.attach(control)
        defer { SignalTrap.shared.detach() }
        let workDirectory = NSTemporaryDirectory() + "mamconf-\(getpid())"

        var embedded: MockMAMServer?
        let backendURL: String
        if let backend {
            backendURL = backend
        } else {
            var logger = Logger(label: "mamconf.mock-backend")
            // The embedded backend is an implementation detail of the run: only its problems are worth a line.
            logger.logLevel = verbose ? .info : .warning
            let server = MockMAMServer(configuration: MockServiceConfiguration(), logger: logger)
            do {
                backendURL = try await server.start().absoluteString
            } catch {
                throw MamconfExit(MamconfExit.notJudged, "embedded mock backend could not start: \(error)")
            }
            embedded = server
        }
        let runner = Runner(
            adapter: StdioAdapterFactory(command: command, limits: .init(lineLimit: lineLimit)),
            backend: MockGraphBackend(baseURL: backendURL, redactor: redactor,
                                      controlToken: ProcessInfo.processInfo.environment[MockBackendCommand.adminTokenVariable]),
            // JUnit first: the console, last, names the report only once it was written.
            reporters: [
                JUnitReporter(path: junit, redactor: redactor),
                ConsoleReporter(
                    redactor: redactor, verbose: verbose,
                    startupSeconds: Double(DispatchTime.now().uptimeNanoseconds - commandStart) / 1e9, reportPath: junit),
            ],
            configuration: RunConfiguration(
                stepTimeout: stepTimeout, deadlineScale: deadlineScale, workDirectory: workDirectory, keepData: keepData,
                redactor: redactor, control: control, restartBudget: restartBudget, strictProtocol: strictProtocol))
        let result = await runner.run(selected)
        await embedded?.stop()
        if !keepData { try? FileManager.default.removeItem(atPath: workDirectory) }

        if let signalNumber = control.interruptedBy {
            throw MamconfExit(signalNumber == SIGTERM ? MamconfExit.terminated : MamconfExit.interrupted, "interrupted; report written to \(junit)")
        }
        if let reason = result.abortReason {
            throw MamconfExit(MamconfExit.notJudged, redactor.redact(reason))
        }
        if let failure = result.reportFailures.first {
            throw MamconfExit(MamconfExit.notJudged, "the report was not written: \(failure)")
        }
        let counts = result.counts
        if counts.failed + counts.errored > 0 || !result.infrastructureProblems.isEmpty {
            throw MamconfExit(MamconfExit.failed)
        }
        if failOnSkip && counts.skipped > 0 {
            throw MamconfExit(MamconfExit.failed, "\(counts.skipped) case(s) skipped and --fail-on-skip is set")
        }
    }

    private func select(_ all: [Suite]) throws -> [Suite] {
        for id in suiteIDs where !all.contains(where: { $0.id == id }) {
            throw MamconfExit(MamconfExit.notJudged, "no suite '\(id)' (known: \(all.map(\.id).joined(separator: ", ")))")
        }
        var chosen = suiteIDs.isEmpty ? all : all.filter { suiteIDs.contains($0.id) }
        if !caseIDs.isEmpty {
            let known = Set(chosen.flatMap { $0.cases.map(\.id) })
            for id in caseIDs where !known.contains(id) {
                throw MamconfExit(MamconfExit.notJudged, "no case '\(id)' in the selected suites")
            }
            chosen = chosen.map { suite in
                var copy = suite
                copy.cases = suite.cases.filter { caseIDs.contains($0.id) }
                return copy
            }.filter { !$0.cases.isEmpty }
        }
        return chosen
    }

}
