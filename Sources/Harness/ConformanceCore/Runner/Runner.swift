import AdapterProtocol
import Foundation

/// Runs suites case by case and hands every result to the reporters.
///
/// The runner owns no concrete adapter, backend or report format: the CLI plugs them into the seams.
public struct Runner: Sendable {
    public let adapter: any SDKAdapterFactory
    public let backend: any BackendDriver
    public let reporters: [any Reporter]
    public let configuration: RunConfiguration

    public init(adapter: any SDKAdapterFactory, backend: any BackendDriver, reporters: [any Reporter], configuration: RunConfiguration) {
        self.adapter = adapter
        self.backend = backend
        self.reporters = reporters
        self.configuration = configuration
    }

    /// Runs every case of every suite.
    public func run(_ suites: [Suite]) async -> RunResult {
        await run(RunPlan(suites: suites))
    }

    /// Runs the plan's cases. Never throws: whatever breaks ends up in the result, and every planned case ends
    /// up in it too: one that could not be judged (the adapter cannot start, the backend is unreachable, the run
    /// was interrupted or stopped by the restart budget) is an error naming why, so no report of a broken run
    /// can look green.
    public func run(_ plan: RunPlan) async -> RunResult {
        var result = RunResult(suites: [], integration: nil, backend: backend.description, harnessVersion: HarnessVersion.current)
        result.suitesDigest = plan.suitesDigest
        result.shard = plan.shard
        let scheduled = plan.scheduled
        let drawsSeed = scheduled.contains { $0.suite.cases.contains(where: \.drawsFaultSeed) }
        if drawsSeed { result.faultSeed = configuration.faultSeed }
        for entry in scheduled {
            configuration.redactor.add(entry.suite.secrets)
            for testCase in entry.suite.cases {
                configuration.redactor.add(testCase.tenant.users.map(\.password))
                configuration.redactor.add(Self.scriptedSecrets(testCase))
            }
        }
        /// Set once nothing further can be judged; every case after that is reported with this error.
        var stop: CaseError?
        do {
            try await backend.checkReachable()
        } catch {
            result.abortReason = "backend unreachable: \(error.description)"
            stop = .backend(error)
        }
        let planned = scheduled.reduce(0) { $0 + $1.suite.cases.count }
        for reporter in reporters { await reporter.runStarted(plannedCases: planned) }
        let slots = scheduled.indices.flatMap { suite in scheduled[suite].suite.cases.map { Slot(suite: suite, testCase: $0) } }
        var suites = scheduled.map { entry -> SuiteResult in
            var suite = SuiteResult(suiteId: entry.suite.id, title: entry.suite.title, requirements: entry.suite.requirements,
                                    started: configuration.clock.wallNow(), duration: 0, cases: [])
            suite.index = entry.index
            suite.plannedCases = entry.plannedCases
            return suite
        }
        var suiteStarts: [Double?] = Array(repeating: nil, count: scheduled.count)
        var integration: IntegrationInfo?
        var backendFailed = false
        var brokenInARow = 0
        let today = Self.day(configuration.clock.wallNow())
        let jobs = parallelJobs

        // Cases start in plan order, up to `jobs` at once once the integration is known (until then one at a
        // time: the first case decides whether the adapter starts at all and which cases it must skip), and are
        // judged strictly in plan order below, so what the run reports does not depend on which case finished
        // first: a case started before an earlier one stopped the run is reported not run, as it would have
        // been in a serial run.
        await withTaskGroup(of: (Int, Slot.State).self) { group in
            var states = Array(repeating: Slot.State.waiting, count: slots.count)
            var launched = 0, judged = 0, running = 0
            while judged < slots.count {
                while judged < slots.count {
                    let slot = slots[judged]
                    let suite = scheduled[slot.suite].suite
                    var caseResult: CaseResult
                    if let stop {
                        caseResult = notRun(slot.testCase, of: suite, because: stop)
                    } else if case .notStarted(let signal) = states[judged] {
                        result.interrupted = true
                        let why = CaseError.notRun("the run was interrupted by signal \(signal) before this case started")
                        stop = why
                        caseResult = notRun(slot.testCase, of: suite, because: why)
                    } else if case .finished(let reported, let outcome) = states[judged] {
                        caseResult = reported
                        if integration == nil, let why = outcome.adapterUnusable, !configuration.control.isInterrupted {
                            result.abortReason = "adapter cannot start: \(why.description)"
                            stop = .notRun("the adapter cannot start: \(why.description)")
                        }
                        if let fault = outcome.backendFault, !backendFailed {
                            backendFailed = true
                            result.infrastructureProblems.append("backend failed during the run: \(fault.description)")
                        }
                        integration = integration ?? outcome.integration
                        if configuration.control.isInterrupted { result.interrupted = true }
                        brokenInARow = outcome.adapterBroke && !result.interrupted ? brokenInARow + 1 : 0
                        if brokenInARow >= configuration.restartBudget && stop == nil {
                            stop = .notRun("the adapter broke \(brokenInARow) cases in a row (restart budget)")
                            result.infrastructureProblems.append(
                                "the adapter broke \(brokenInARow) cases in a row (restart budget); the remaining cases were not run")
                            if let why = outcome.adapterUnusable {
                                // It can no longer even be started or reached (a test host that died): nothing further
                                // can be judged, which is an infrastructure error, not a verdict.
                                result.abortReason = "the adapter can no longer be started or reached: \(why.description)"
                            }
                        }
                    } else {
                        break
                    }
                    states[judged] = .judged
                    if let list = plan.expectedFailures { caseResult = list.judge(caseResult, today: today) }
                    suites[slot.suite].cases.append(caseResult)
                    let now = configuration.clock.monotonicSeconds()
                    suites[slot.suite].duration = now - (suiteStarts[slot.suite] ?? now)
                    for reporter in reporters { await reporter.caseFinished(caseResult) }
                    judged += 1
                }
                guard judged < slots.count else { break }
                let limit = integration == nil ? 1 : jobs
                while launched < slots.count, running < limit, stop == nil {
                    let index = launched
                    launched += 1
                    if let signal = configuration.control.interruptedBy {
                        states[index] = .notStarted(signal: signal)
                        continue
                    }
                    let slot = slots[index]
                    let suite = scheduled[slot.suite].suite
                    if suiteStarts[slot.suite] == nil {
                        suiteStarts[slot.suite] = configuration.clock.monotonicSeconds()
                        suites[slot.suite].started = configuration.clock.wallNow()
                    }
                    let listed = plan.expectedFailures?.entry(for: "\(suite.id)/\(slot.testCase.id)") != nil
                    running += 1
                    group.addTask { [integration] in
                        let run = await runWithReruns(slot.testCase, of: suite, knownIntegration: integration, listed: listed)
                        return (index, .finished(run.result, run.last))
                    }
                }
                if judged < slots.count, running > 0, let (index, state) = await group.next() {
                    running -= 1
                    if case .waiting = states[index] { states[index] = state }
                }
            }
        }
        result.suites = suites
        if let list = plan.expectedFailures, plan.reportsRunWideFindings {
            let unused = list.unused(definedCases: plan.definedCases)
            if !unused.isEmpty { result.suites.append(unusedEntries(unused, in: list)) }
        }
        result.integration = integration
        result.reportFailures = await finish(result)
        return result
    }

    /// Cases in flight at once: the configured number where cases cannot see each other (each has its own tenant
    /// and its own integration process), otherwise one.
    var parallelJobs: Int {
        guard backend.capabilities.contains(.isolatedTenant), adapter.isolation == .freshProcess else { return 1 }
        return configuration.jobs
    }

    /// One planned case: which scheduled suite it belongs to, and how far it has come.
    private struct Slot: Sendable {
        var suite: Int
        var testCase: TestCase

        enum State: Sendable {
            case waiting
            /// Not started because the run was interrupted first.
            case notStarted(signal: Int32)
            case finished(CaseResult, CaseExecution.Outcome)
            case judged
        }
    }

    /// Runs a case, and again while it fails and reruns are left (never a listed expected failure: its failure
    /// is the point). Returns the reported result and the last run's outcome, which drives the run's state.
    private func runWithReruns(
        _ testCase: TestCase, of suite: Suite, knownIntegration: IntegrationInfo?, listed: Bool
    ) async -> (result: CaseResult, last: CaseExecution.Outcome) {
        var (result, last) = await runOnce(testCase, of: suite, knownIntegration: knownIntegration)
        var attempts: [CaseAttempt] = []
        let first = result
        while result.outcome.isFailure, !listed, attempts.count < configuration.rerunFailures,
              !configuration.control.isInterrupted, last.adapterUnusable == nil || knownIntegration != nil {
            attempts.append(CaseAttempt(outcome: result.outcome, duration: result.duration, transcript: result.transcript, stderr: result.stderr))
            (result, last) = await runOnce(testCase, of: suite, knownIntegration: knownIntegration ?? last.integration)
        }
        guard !attempts.isEmpty else { return (result, last) }
        if case .passed = result.outcome {
            // Flaky: reported passed, with every failed run kept (Surefire's flakyFailure).
            result.attempts = attempts
            result.duration += attempts.reduce(0) { $0 + $1.duration }
            return (result, last)
        }
        // Never passed: the first failure is the verdict, the reruns follow it (Surefire's rerunFailure).
        var reported = first
        reported.attempts = Array(attempts.dropFirst()) + [CaseAttempt(outcome: result.outcome, duration: result.duration, transcript: result.transcript, stderr: result.stderr)]
        reported.duration = attempts.reduce(result.duration) { $0 + $1.duration }
        return (reported, last)
    }

    private func runOnce(_ testCase: TestCase, of suite: Suite, knownIntegration: IntegrationInfo?) async -> (CaseResult, CaseExecution.Outcome) {
        for reporter in reporters { await reporter.caseStarted(suiteId: suite.id, caseId: testCase.id) }
        let caseStart = configuration.clock.monotonicSeconds()
        let transcript = Transcript(clock: configuration.clock, redactor: configuration.redactor)
        let execution = CaseExecution(
            suite: suite, testCase: testCase, adapterFactory: adapter, backend: backend,
            configuration: configuration, transcript: transcript)
        let outcome = await execution.run(knownIntegration: knownIntegration)
        var result = CaseResult(
            suiteId: suite.id, caseId: testCase.id, title: testCase.title, requirements: testCase.requirements,
            location: testCase.location, outcome: outcome.outcome,
            duration: configuration.clock.monotonicSeconds() - caseStart, backendDuration: execution.backendSeconds,
            transcript: transcript.lines, stderr: outcome.stderr.map { configuration.redactor.redact($0) })
        result.summary = outcome.summary.map(configuration.redactor.redact)
        return (result, outcome)
    }

    private func notRun(_ testCase: TestCase, of suite: Suite, because error: CaseError) -> CaseResult {
        CaseResult(
            suiteId: suite.id, caseId: testCase.id, title: testCase.title, requirements: testCase.requirements,
            location: testCase.location, outcome: .errored(error, details: ""), duration: 0, transcript: [])
    }

    /// Entries naming no case, as failed checks of their own so every report reader shows them.
    private func unusedEntries(_ unused: [ExpectedFailure], in list: ExpectedFailureList) -> SuiteResult {
        let cases = unused.map { entry in
            CaseResult(
                suiteId: ExpectedFailureList.reportSuite, caseId: entry.caseName, title: "unused expected-failure entry",
                requirements: [], location: entry.location,
                outcome: .failed(CaseFailure(
                    message: "stale expected-failure entry: no case \(entry.caseName) in the suites",
                    location: entry.location, details: "edit \(entry.location.fileAndLine): delete the entry, or correct the case name (suite/case)")),
                duration: 0, transcript: [])
        }
        return SuiteResult(
            suiteId: ExpectedFailureList.reportSuite, title: "Expected-failure entries (\(list.path))", requirements: [],
            started: configuration.clock.wallNow(), duration: 0, cases: cases)
    }

    /// `YYYY-MM-DD` in UTC, the form expected-failure entries use for `expires`.
    static func day(_ date: Date) -> String {
        String(ISOTime.format(date).prefix(10))
    }

    /// Answers a case scripts for PINs and passwords are secrets wherever they show up later.
    static func scriptedSecrets(_ testCase: TestCase) -> [String] {
        testCase.steps.flatMap { step -> [String] in
            guard case .answer(_, let answer, _) = step.kind, let object = answer.objectValue else { return [] }
            return ["pin", "password", "secret"].compactMap { object[$0]?.stringValue }
        }
    }

    /// Hands the result to every reporter, in order; returns what failed (a report that was not written must
    /// not let a gate pass). Each reporter sees the failures of those before it, so a console after the JUnit
    /// reporter can say whether the report was written.
    private func finish(_ result: RunResult) async -> [ReportFailure] {
        var result = result
        for reporter in reporters {
            do { try await reporter.runFinished(result) } catch {
                let target = (error as? ReportFailure)?.target
                let message = configuration.redactor.redact((error as? ReportFailure)?.message ?? "\(error)")
                result.reportFailures.append(ReportFailure(target: target, message: message))
                StandardStreams.write("mamconf: reporter failed: \(message)\n", to: STDERR_FILENO)
            }
        }
        return result.reportFailures
    }
}
