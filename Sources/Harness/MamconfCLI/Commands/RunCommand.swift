import ArgumentParser
import Backends
import ConformanceCore
import Foundation
import JUnitXML
import Logging
import MockMAMService
import AdapterTransports
import SuiteLoader
import AdapterProtocol

/// Runs suites against an integration and a backend, writing JUnit XML.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run suites against an SDK integration and write a JUnit report.")

    @OptionGroup var suites: SuiteOptions

    @Option(name: .customLong("suite"), help: "Run only this suite (repeatable).")
    var suiteIDs: [String] = []

    @Option(name: .customLong("case"), help: "Run only this case: suite/case as the console prints it, or a case id; globs allowed (repeatable).")
    var caseIDs: [String] = []

    @Option(help: "Run only shard I of N (counted from 1), e.g. 2/4. Without it the shard comes from Bazel, GitLab parallel or a Kubernetes indexed Job.")
    var shard: String?

    @Option(name: .customLong("shard-total"), help: "The number of shards of a Kubernetes indexed Job (its index comes from JOB_COMPLETION_INDEX).")
    var shardTotal: Int?

    @Option(name: .customLong("expected-failures"), help: "YAML list of known failures: listed cases that fail as written are reported skipped; a stale entry fails the run.")
    var expectedFailures: String?

    @Option(name: .customLong("rerun-failures"), help: "Run a failed case up to N more times; one that then passes is reported passed and flaky.")
    var rerunFailures = 0

    @OptionGroup var adapter: AdapterOptions

    @OptionGroup var backend: BackendOptions

    @Option(help: "Where to write the JUnit XML report (default: reports/junit.xml, or Bazel's XML_OUTPUT_FILE).")
    var junit: String?

    @Option(name: .customLong("junit-dialect"), help: "Shape the report for its reader: standard (Jenkins, Surefire and junit-10 schemas), github (adds file and line for GitHub reporters), ant (Ant's strict JUnit.xsd).")
    var junitDialect: JUnitDialect = .standard

    @Option(name: .customLong("junit-dir"), help: "Also write one TEST-<suite>.xml per suite into this directory (Surefire's layout).")
    var junitDirectory: String?

    @Option(name: .customLong("deadline-scale"), help: "Multiply every step deadline (slow machines).")
    var deadlineScale = 1.0

    @Option(name: .customLong("step-timeout"), help: "Default seconds a step may take.")
    var stepTimeout = 10.0

    @Option(name: .customLong("line-limit"), help: "Longest adapter protocol line accepted, in bytes.")
    var lineLimit = 1 << 20

    @Option(name: .customLong("restart-budget"), help: "Stop after this many cases in a row broken by the adapter itself.")
    var restartBudget = 3

    @Option(name: .shortAndLong, help: "Cases in flight at once, each with its own integration process and tenant (default: the number of cores). The report is the same as a serial run's. One at a time on a backend without isolated tenants or a long-lived test host.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(name: .customLong("strict-protocol"), help: "Fail a case on the first message of the integration that breaks the protocol's schemas.")
    var strictProtocol = false

    @Flag(name: .customLong("fail-on-skip"), help: "Exit 1 when a case was skipped for a capability the integration or backend lacks, or as a known failure (cases written for other SDK versions do not count).")
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
        guard rerunFailures >= 0 else { throw ValidationError("--rerun-failures must be 0 or more") }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }

    /// The report path: `--junit`, else where Bazel wants it, else `reports/junit.xml`.
    func reportPath(environment: [String: String]) -> String {
        junit ?? environment["XML_OUTPUT_FILE"] ?? "reports/junit.xml"
    }

    func run() async throws {
        let commandStart = DispatchTime.now().uptimeNanoseconds
        signal(SIGPIPE, SIG_IGN)
        let environment = ProcessInfo.processInfo.environment
        let junit = reportPath(environment: environment)
        let shardSelection = try ShardSelection.resolve(flag: shard, total: shardTotal, environment: environment)
        // Bazel asks a sharding-aware runner to say so by touching this file.
        if let statusFile = shardSelection.statusFile { FileManager.default.createFile(atPath: statusFile, contents: nil) }
        let profile = try backend.tenantProfile()
        let loaded = try suites.load(accounts: profile)
        let adapterFactory = try adapter.factory(limits: .init(lineLimit: lineLimit), deadlineScale: deadlineScale)
        do { try JUnitWriter.checkWritable(junit) } catch {
            throw MamconfExit(MamconfExit.notJudged, "\(error.description); nothing was run")
        }
        var inputErrors = loaded.errors
        var knownFailures: ExpectedFailureList?
        if let expectedFailures {
            let (list, errors) = ExpectedFailuresFile.load(path: expectedFailures)
            knownFailures = list
            inputErrors += errors
        }
        let selection = CaseSelection(suiteIDs: suiteIDs, casePatterns: caseIDs)
        if !inputErrors.isEmpty {
            // Nothing can be judged, and the report says so case by case: a CI reader must not see green.
            let planned = (try? selection.apply(to: loaded.suites)) ?? loaded.suites
            let plan = RunPlan(suites: planned, shard: shardSelection.shard, suitesDigest: loaded.digest)
            try await NotJudgedReport(plan: plan, errors: inputErrors, path: junit).write(dialect: junitDialect)
            try SuiteOptions.stopOnErrors(inputErrors)
        }
        let selected = try selection.apply(to: loaded.suites)
        let plan = RunPlan(
            suites: selected, shard: shardSelection.shard, suitesDigest: loaded.digest, expectedFailures: knownFailures,
            definedCases: Set(loaded.suites.flatMap { suite in suite.cases.map { "\(suite.id)/\($0.id)" } }))
        if let shard = shardSelection.shard, let origin = shardSelection.origin {
            let count = plan.scheduled.reduce(0) { $0 + $1.suite.cases.count }
            StandardStreams.write("shard \(shard) from \(origin): \(count) of \(selected.reduce(0) { $0 + $1.cases.count }) case(s)\n", to: STDOUT_FILENO)
        }
        let redactor = Redactor()
        if let token = adapter.token() { redactor.add([token]) }
        let control = RunControl()
        SignalTrap.shared.attach(control)
        defer { SignalTrap.shared.detach() }
        // One folder per run, not per process: two runs in one process (tests, a host embedding mamconf) must not
        // delete each other's case data when the first ends.
        let workDirectory = NSTemporaryDirectory() + "mamconf-\(getpid())-\(UUID().uuidString.prefix(8))"

        let opened: BackendOptions.Opened
        do {
            opened = try await backend.open(redactor: redactor, profile: profile, verbose: verbose)
        } catch {
            try await NotJudgedReport(plan: plan, cause: .backend(error), path: junit).write(dialect: junitDialect)
            throw MamconfExit(MamconfExit.notJudged, redactor.redact(error.description))
        }
        let faultSeed = backend.resolvedFaultSeed()
        let runner = Runner(
            adapter: adapterFactory,
            backend: opened.driver,
            // JUnit first: the console, last, names the report only once it was written.
            reporters: [
                JUnitReporter(path: junit, redactor: redactor, dialect: junitDialect, directory: junitDirectory),
                ConsoleReporter(
                    redactor: redactor, verbose: verbose,
                    startupSeconds: Double(DispatchTime.now().uptimeNanoseconds - commandStart) / 1e9, reportPath: junit,
                    style: ConsoleStyle.detect()),
            ] + (GitHubAnnotationsReporter.isEnabled(environment: environment) ? [GitHubAnnotationsReporter(redactor: redactor)] : []),
            configuration: RunConfiguration(
                stepTimeout: stepTimeout, deadlineScale: deadlineScale, workDirectory: workDirectory, keepData: keepData,
                redactor: redactor, control: control, restartBudget: restartBudget, strictProtocol: strictProtocol,
                rerunFailures: rerunFailures, faultSeed: faultSeed, jobs: jobs))
        let result = await runner.run(plan)
        await opened.embedded?.stop()
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
        if failOnSkip && counts.skippedAgainstGate > 0 {
            let others = counts.skipped - counts.skippedAgainstGate
            let note = others > 0 ? " (\(others) more, written for other SDK versions, do not count)" : ""
            throw MamconfExit(MamconfExit.failed, "\(counts.skippedAgainstGate) case(s) skipped and --fail-on-skip is set\(note)")
        }
    }
}
