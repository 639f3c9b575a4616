import ArgumentParser
import ConformanceCore
import Foundation
import JUnitXML
import AdapterTransports
import RunReporters
import RunWiring
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

    @Option(name: .customLong("rerun-failures"), help: "Run a failed case up to N more times (at most \(RunCommand.rerunLimit)); one that then passes is reported passed and flaky.")
    var rerunFailures = 0

    @OptionGroup var adapter: AdapterOptions

    @OptionGroup var backend: BackendOptions

    @Option(help: "Where to write the JUnit XML report (default: reports/junit.xml, or Bazel's XML_OUTPUT_FILE).")
    var junit: String?

    @Option(name: .customLong("junit-dialect"), help: "Shape the report for its reader: standard (Jenkins, Surefire and junit-10 schemas), github (adds file and line for GitHub reporters), ant (Ant's strict JUnit.xsd).")
    var junitDialect: JUnitDialect = .standard

    @Option(name: .customLong("junit-dir"), help: "Also write one TEST-<suite>.xml per suite into this directory (Surefire's layout).")
    var junitDirectory: String?

    @Option(name: .customLong("github-summary"), help: "Also write a Markdown summary of the run here, for GitHub's step summary (\"$GITHUB_STEP_SUMMARY\"): the verdict, the counts, then the failures; never over 65,535 bytes.")
    var githubSummary: String?

    @Option(name: .customLong("html"), help: "Also write a self-contained HTML report of the run here (no network needed to read it): the counts, requirement coverage, and each failure with its sequence diagram and transcript.")
    var html: String?

    @Option(name: .customLong("deadline-scale"), help: "Multiply every step deadline (slow machines; above 0, at most \(Int(RunCommand.deadlineScaleLimit))).")
    var deadlineScale = 1.0

    @Option(name: .customLong("step-timeout"), help: "Default seconds a step may take (above 0, at most \(Int(RunCommand.stepTimeoutLimit))).")
    var stepTimeout = 10.0

    @Option(name: .customLong("line-limit"), help: "Longest adapter protocol line accepted, in bytes.")
    var lineLimit = 1 << 20

    @Option(name: .customLong("restart-budget"), help: "Stop after this many cases in a row broken by the adapter itself.")
    var restartBudget = 3

    @Option(name: .shortAndLong, help: "Integrations running at once, each case with its own process and tenant (default: the number of cores); meanwhile as many cases again arrange their tenants. The report is the same as a serial run's. One at a time on a backend without isolated tenants or a long-lived test host.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(name: .customLong("strict-protocol"), help: "Fail a case on the first message of the integration that breaks the protocol's schemas.")
    var strictProtocol = false

    @Flag(name: .customLong("fail-on-skip"), help: "Exit 1 when a case was skipped for a capability the integration or backend lacks, or as a known failure (cases written for other SDK versions do not count).")
    var failOnSkip = false

    @Flag(name: .customLong("keep-data"), help: "Keep per-case data directories.")
    var keepData = false

    @Flag(name: .shortAndLong, help: "Print failure details on the console.")
    var verbose = false

    /// The most reruns of a failed case: one that fails ten times more is not flaky, and each rerun costs a case.
    static let rerunLimit = 10
    /// The largest `--deadline-scale`: a hundred times every deadline is already minutes per step, and an
    /// unbounded one lets a hung adapter hang the run for good.
    static let deadlineScaleLimit = 100.0
    /// The longest `--step-timeout`, in seconds.
    static let stepTimeoutLimit = 3600.0

    /// What is wrong with the options. Checked by `run`, not `validate`: a refused option must still leave this
    /// run's verdict at the report path, and only `run` writes it.
    func optionProblems() -> [String] {
        var problems: [String] = []
        if !(deadlineScale > 0 && deadlineScale <= Self.deadlineScaleLimit) {
            problems.append("--deadline-scale must be above 0 and at most \(Int(Self.deadlineScaleLimit)), not \(deadlineScale)")
        }
        if !(stepTimeout > 0 && stepTimeout <= Self.stepTimeoutLimit) {
            problems.append("--step-timeout must be above 0 and at most \(Int(Self.stepTimeoutLimit)) seconds, not \(stepTimeout)")
        }
        if restartBudget < 1 { problems.append("--restart-budget must be at least 1") }
        if lineLimit < 1024 { problems.append("--line-limit must be at least 1024 bytes") }
        if !(0...Self.rerunLimit).contains(rerunFailures) { problems.append("--rerun-failures must be between 0 and \(Self.rerunLimit)") }
        if jobs < 1 { problems.append("--jobs must be at least 1") }
        if let githubSummary {
            do { try JUnitWriter.checkWritable(githubSummary) } catch { problems.append("--github-summary: \(error.description)") }
        }
        if let html {
            do { try JUnitWriter.checkWritable(html) } catch { problems.append("--html: \(error.description)") }
        }
        return problems + backend.usageProblems()
    }

    /// The report path: `--junit`, else where Bazel wants it, else `reports/junit.xml`.
    func reportPath(environment: [String: String]) -> String {
        junit ?? environment["XML_OUTPUT_FILE"] ?? "reports/junit.xml"
    }

    func run() async throws {
        let commandStart = ContinuousClock.now
        signal(SIGPIPE, SIG_IGN)
        let environment = ProcessInfo.processInfo.environment
        let junit = reportPath(environment: environment)
        do { try JUnitWriter.checkWritable(junit) } catch {
            StaleReport.remove(at: junit)
            throw MamconfExit(MamconfExit.notJudged, "\(error.description); nothing was run")
        }
        // From here on the report path holds this run's verdict or nothing, never an older run's verdict.
        StaleReport.remove(at: junit)
        let redactor = Redactor()
        if let token = adapter.token() { redactor.add([token]) }
        let lastResort = LastResortReport(path: junit, dialect: junitDialect, redactor: redactor)
        SignalTrap.shared.guardReport(lastResort)
        defer { SignalTrap.shared.detach() }

        let prepared = prepare(environment: environment)
        lastResort.planned(prepared.plan)
        guard let adapter = prepared.adapter, prepared.stop == nil, prepared.inputErrors.isEmpty else {
            for error in prepared.inputErrors { StandardStreams.write("\(error)\n", to: STDERR_FILENO) }
            let summary = SuiteOptions.summary(of: prepared.inputErrors)
            let (cause, message) = prepared.stop ?? (.notRun(summary), summary)
            // Nothing can be judged, and the report says so case by case: a CI reader must not see green.
            let report = NotJudgedReport(plan: prepared.plan, cause: cause, inputErrors: prepared.inputErrors, path: junit,
                                         directory: junitDirectory, redactor: redactor)
            try await write(report, lastResort, message: message)
            throw MamconfExit(MamconfExit.notJudged, redactor.redact(message))
        }
        let shardSelection = prepared.shard, profile = prepared.profile
        // The run takes the plan and frees each case's steps once it is judged, so nothing here keeps a copy.
        let plan = (consume prepared).plan
        if let shard = shardSelection.shard, let origin = shardSelection.origin {
            let count = plan.scheduled.reduce(0) { $0 + $1.suite.cases.count }
            StandardStreams.write("shard \(shard) from \(origin): \(count) of \(plan.suites.reduce(0) { $0 + $1.cases.count }) case(s)\n", to: STDOUT_FILENO)
        }
        let control = RunControl()
        SignalTrap.shared.attach(control)
        let workDirectory = WorkRoot.workDirectory("", keepData: keepData)

        let assembly: RunAssembly
        do throws(BackendFault) {
            assembly = try await RunAssembly.open(backend.choice(redactor: redactor, profile: profile, verbose: verbose))
        } catch {
            let message = redactor.redact(error.description)
            try await write(NotJudgedReport(plan: plan, cause: .backend(error), path: junit, directory: junitDirectory, redactor: redactor),
                            lastResort, message: message)
            throw MamconfExit(MamconfExit.notJudged, message)
        }
        let faultSeed = backend.resolvedFaultSeed()
        let junitReport: ReportChoice.JUnitChoice
        do { junitReport = try .init(path: junit, dialect: junitDialect, directory: junitDirectory, lastResort: lastResort) } catch {
            await assembly.close()
            throw MamconfExit(MamconfExit.notJudged, error.description)
        }
        let reports = ReportChoice(
            junit: junitReport,
            console: ReportChoice.ConsoleChoice(verbose: verbose, style: ConsoleStyle.detect(), startedAt: commandStart),
            githubSummary: githubSummary,
            html: html,
            githubAnnotations: GitHubAnnotationsReporter.isEnabled(environment: environment))
        let result = await assembly.assemble(RunSetup(
            adapter: adapter, reports: reports,
            configuration: RunConfiguration(
                stepTimeout: .seconds(stepTimeout), deadlineScale: deadlineScale, workDirectory: workDirectory, keepData: keepData,
                redactor: redactor, control: control, restartBudget: restartBudget, strictProtocol: strictProtocol,
                rerunFailures: rerunFailures, faultSeed: faultSeed, jobs: jobs))).run(consume plan)
        await assembly.close()

        if let signalNumber = control.interruptedBy {
            throw MamconfExit(signalNumber == SIGTERM ? MamconfExit.terminated : MamconfExit.interrupted, "interrupted; report written to \(junit)")
        }
        if let reason = result.abortReason {
            throw MamconfExit(MamconfExit.notJudged, redactor.redact(reason))
        }
        if let failure = result.reportFailures.first {
            let what = failure.target.map { $0 == junit ? "the report" : $0 } ?? "the report"
            throw MamconfExit(MamconfExit.notJudged, "\(what) was not written: \(failure.message)")
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

    /// Writes the report of a run that judged nothing (and its CI summary and HTML report); one that cannot be
    /// written is the exit's cause too.
    private func write(_ report: NotJudgedReport, _ lastResort: LastResortReport, message: String) async throws {
        do {
            try await lastResort.writing { try await report.write(dialect: junitDialect) }
        } catch {
            throw MamconfExit(MamconfExit.notJudged, "\(message); the report was not written either: \(report.redactor.redact("\(error)"))")
        }
        if let githubSummary {
            do { try report.writeSummary(to: githubSummary) } catch {
                throw MamconfExit(MamconfExit.notJudged, "\(message); \(report.redactor.redact(error.message))")
            }
        }
        if let html {
            do { try report.writeHTML(to: html) } catch {
                throw MamconfExit(MamconfExit.notJudged, "\(message); \(report.redactor.redact(error.message))")
            }
        }
    }

    /// What the run needs before its first case.
    struct Preparation {
        var shard = ShardSelection.none
        var profile: TenantProfile?
        var plan = RunPlan(suites: [])
        var adapter: AdapterChoice?
        /// Invalid input files (suites, the known-failures list, the tenant file), each reported with its errors.
        var inputErrors: [SuiteError] = []
        /// The first other problem that stops the run: the cause its report names, and the line for stderr.
        var stop: (cause: CaseError, message: String)?

        mutating func stop(_ cause: CaseError, _ message: String) {
            if stop == nil { stop = (cause, message) }
        }
    }

    /// Reads the options, the suites, the adapter and the known failures, going on past each problem so the
    /// report of a run that cannot start still lists every case it would have run.
    func prepare(environment: [String: String]) -> Preparation {
        var prepared = Preparation()
        for problem in optionProblems() { prepared.stop(.notRun(problem), problem) }
        do {
            prepared.shard = try ShardSelection.resolve(flag: shard, total: shardTotal, environment: environment)
            // Bazel asks a sharding-aware runner to say so by touching this file.
            if let statusFile = prepared.shard.statusFile { _ = FileManager.default.createFile(atPath: statusFile, contents: nil) }
        } catch {
            prepared.stop(.notRun(Self.message(error)), Self.message(error))
        }
        let (profile, tenantErrors) = backend.tenantProfile()
        prepared.profile = profile
        prepared.inputErrors += tenantErrors
        do {
            prepared.adapter = try adapter.choice(limits: .init(lineLimit: lineLimit), deadlineScale: deadlineScale)
        } catch {
            prepared.stop(.adapterUnusable(.launchFailed(Self.message(error))), Self.message(error))
        }
        // A fork server warms up in its own process while the suites are read.
        if prepared.stop == nil { prepared.adapter?.startEarly() }
        var loaded: SuiteOptions.Loaded?
        do { loaded = try suites.load(accounts: profile) } catch {
            prepared.stop(.notRun(Self.message(error)), Self.message(error))
        }
        prepared.inputErrors += loaded?.errors ?? []
        var knownFailures: ExpectedFailureList?
        if let expectedFailures {
            let (list, errors) = ExpectedFailuresFile.load(path: expectedFailures)
            knownFailures = list
            prepared.inputErrors += errors
        }
        let all = loaded?.suites ?? []
        var selected = all
        do { selected = try CaseSelection(suiteIDs: suiteIDs, casePatterns: caseIDs).apply(to: all) } catch {
            if loaded != nil { prepared.stop(.notRun(Self.message(error)), Self.message(error)) }
        }
        prepared.plan = RunPlan(
            suites: selected, shard: prepared.shard.shard, suitesDigest: loaded?.digest, expectedFailures: knownFailures,
            definedCases: Set(all.flatMap { suite in suite.cases.map { "\(suite.id)/\($0.id)" } }))
        return prepared
    }

    private static func message(_ error: any Error) -> String {
        (error as? MamconfExit)?.message ?? "\(error)"
    }
}
