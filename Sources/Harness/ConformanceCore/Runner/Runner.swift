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
    ///
    /// Takes the plan: each case's definition (its steps above all, the largest part of a plan) is freed once the case
    /// is judged, so a long run's memory holds results, not every suite it has already run (issue 30).
    public func run(_ plan: consuming RunPlan) async -> RunResult {
        var result = RunResult(suites: [], integration: nil, backend: backend.description, harnessVersion: HarnessVersion.current)
        result.suitesDigest = plan.suitesDigest
        result.shard = plan.shard
        let (scheduled, pending) = PendingCases.split(plan.scheduled)
        plan.suites = []
        if pending.contains(where: \.drawsFaultSeed) { result.faultSeed = configuration.faultSeed }
        redactSecrets(of: scheduled, pending)
        var policy = RunPolicy(restartBudget: configuration.restartBudget).start()
        do { try await backend.checkReachable() } catch { policy.backendUnreachable(error) }
        for reporter in reporters { await reporter.runStarted(plannedCases: pending.count) }
        // Interrupting the run cancels this task: cases in flight end as interrupted, the others are not run.
        let judged = await configuration.control.interruptible { [self, policy, plan] in await judge(plan, scheduled, pending, policy) }
        result.suites = judged.suites
        if let list = plan.expectedFailures, plan.reportsRunWideFindings {
            let unused = list.unused(definedCases: plan.definedCases)
            if !unused.isEmpty { result.suites.append(unusedEntries(unused, in: list)) }
        }
        result.integration = judged.policy.integration
        result.abortReason = judged.policy.abortReason
        result.infrastructureProblems = judged.policy.infrastructureProblems
        result.interrupted = judged.policy.interrupted
        result.reportFailures = await finish(result)
        return result
    }

    /// Launches the cases through a plan-order window and judges each, in plan order, by the run policy; what
    /// the run reports does not depend on which case finished first. Until the integration is known one case
    /// runs at a time: the first case decides whether the adapter starts at all and which cases it must skip.
    private func judge(
        _ plan: RunPlan, _ scheduled: [RunPlan.ScheduledSuite], _ pending: PendingCases, _ start: RunPolicy.State
    ) async -> (suites: [SuiteResult], policy: RunPolicy.State) {
        var policy = start
        var ledger = SuiteLedger(scheduled, counts: pending.countsBySuite, clock: configuration.clock)
        // The ledger keeps every result until the reports are written; their transcripts wait in a file meanwhile, in
        // the disk's temporary folder: the work root may be a memory file system, which would keep them in memory.
        let spill = TranscriptSpill(in: NSTemporaryDirectory())
        let today = Self.day(configuration.clock.wallNow())
        // Each case arranges its tenant before it waits for one of the `jobs` integration slots: as many cases again
        // are launched, so the next tenants are ready by the time slots free up. A serial run too: its next tenant is
        // arranged while a case runs, and its last one torn down while the next runs.
        let slots = arrangesAhead ? IntegrationSlots(count: configuration.jobs) : nil
        let inFlight = slots.map { 2 * $0.count } ?? 1
        await withTaskGroup(of: (Int, Slot.Ran).self) { group in
            var window = PlanOrderWindow<Slot.Ran, CaseError>(count: pending.count)
            if let stop = policy.stop {
                window.stop(stop)
                slots?.close(stop)
            }
            while !window.isDone {
                while let entry = window.next() {
                    let slot = pending.slot(entry.index)
                    let (judgedResult, decision) = judged(entry, slot, of: scheduled[slot.suite].suite, by: &policy)
                    pending.judged(entry.index)
                    if case .stop(let why) = decision {
                        window.stop(why)
                        slots?.close(why)
                    }
                    // A case its integration broke kept its slot until now: the run has decided whether it goes on.
                    if case .finished(_, .finished(_, let last)) = entry, last.keptSlot { slots?.release() }
                    var caseResult = judgedResult
                    if let list = plan.expectedFailures { caseResult = list.judge(caseResult, today: today) }
                    // Reporters get the spilled result too: one that keeps every result (the last-resort report
                    // does) would otherwise hold every transcript in memory.
                    if let spill { caseResult.spillTranscript(to: spill) }
                    ledger.record(caseResult, suite: slot.suite)
                    for reporter in reporters { await reporter.caseFinished(caseResult) }
                }
                guard !window.isDone else { break }
                while let index = window.launch(limit: policy.integration == nil ? 1 : inFlight) {
                    if Task.isCancelled, let signal = configuration.control.interruptedBy {
                        window.finish(index, .notStarted(signal: signal))
                        continue
                    }
                    let slot = pending.slot(index), suite = scheduled[slot.suite].suite
                    ledger.launched(suite: slot.suite)
                    let listed = plan.expectedFailures?.entry(for: "\(suite.id)/\(slot.testCase.id)") != nil
                    // Turns are taken here, in plan order: the tasks begin in any order.
                    let ticket = slots?.ticket()
                    group.addTask { [integration = policy.integration] in
                        let run = await runWithReruns(slot.testCase, of: suite, knownIntegration: integration, listed: listed, ticket: ticket)
                        return (index, .finished(run.result, run.last))
                    }
                }
                if window.running > 0, let (index, ran) = await group.next() { window.finish(index, ran) }
            }
        }
        return (ledger.suites, policy)
    }

    /// The result reported for the next case in plan order, and what the policy, told about it, decides.
    private func judged(
        _ entry: PlanOrderWindow<Slot.Ran, CaseError>.Entry, _ slot: Slot, of suite: Suite, by policy: inout RunPolicy.State
    ) -> (CaseResult, RunPolicy.Decision) {
        switch entry {
        case .stopped(_, let stop):
            return (notRun(slot.testCase, of: suite, because: stop), .stop(stop))
        case .finished(_, .notStarted(let signal)):
            let decision = policy.judge(.notStarted(signal: signal))
            // The policy stops the run here; the case's error is the reason it gives.
            return (notRun(slot.testCase, of: suite, because: policy.stop ?? .interrupted(signal: signal)), decision)
        case .finished(_, .finished(let reported, let outcome)):
            return (reported, policy.judge(.finished(outcome.outcome, integration: outcome.integration, interrupted: Task.isCancelled)))
        }
    }

    private typealias Slot = PendingCases.Slot

    /// Whether cases may arrange their tenants while others run, and run side by side (`--jobs`): only when each
    /// case has a tenant and a process of its own, so nothing one case does can reach another.
    var arrangesAhead: Bool {
        backend.capabilities.contains(.isolatedTenant) && adapter.isolation == .freshProcess
    }

    /// Secrets in the suites (passwords, scripted PINs) are redacted wherever they show up later.
    private func redactSecrets(of scheduled: [RunPlan.ScheduledSuite], _ pending: PendingCases) {
        for entry in scheduled { configuration.redactor.add(entry.suite.secrets) }
        pending.forEach { testCase in
            configuration.redactor.add(testCase.tenant.users.map(\.password))
            configuration.redactor.add(Self.scriptedSecrets(testCase))
        }
    }

    /// Runs a case, and again while it fails and reruns are left (never a listed expected failure: its failure
    /// is the point). Returns the reported result and the last run's outcome, which drives the run's state.
    private func runWithReruns(
        _ testCase: TestCase, of suite: Suite, knownIntegration: IntegrationInfo?, listed: Bool, ticket: IntegrationSlots.Ticket?
    ) async -> (result: CaseResult, last: CaseExecution.Outcome) {
        var (result, last) = await runOnce(testCase, of: suite, knownIntegration: knownIntegration, ticket: ticket)
        var attempts: [CaseAttempt] = []
        let first = result
        while result.outcome.isFailure, !listed, attempts.count < configuration.rerunFailures,
              !Task.isCancelled, last.adapterUnusable == nil || knownIntegration != nil {
            attempts.append(CaseAttempt(outcome: result.outcome, duration: result.duration, transcript: result.transcript, stderr: result.stderr))
            // A rerun waits its turn behind the cases launched meanwhile, and the failed attempt's slot is not its.
            if last.keptSlot { ticket?.release() }
            (result, last) = await runOnce(testCase, of: suite, knownIntegration: knownIntegration ?? last.integration,
                                           ticket: ticket?.slots.ticket())
        }
        guard !attempts.isEmpty else { return (result, last) }
        if case .passed = result.outcome {
            // Flaky: reported passed, with every failed run kept (Surefire's flakyFailure).
            result.attempts = attempts
            result.duration += attempts.reduce(.zero) { $0 + $1.duration }
            return (result, last)
        }
        // Never passed: the first failure is the verdict, the reruns follow it (Surefire's rerunFailure).
        var reported = first
        reported.attempts = Array(attempts.dropFirst()) + [CaseAttempt(outcome: result.outcome, duration: result.duration, transcript: result.transcript, stderr: result.stderr)]
        reported.duration = attempts.reduce(result.duration) { $0 + $1.duration }
        return (reported, last)
    }

    private func runOnce(
        _ testCase: TestCase, of suite: Suite, knownIntegration: IntegrationInfo?, ticket: IntegrationSlots.Ticket?
    ) async -> (CaseResult, CaseExecution.Outcome) {
        for reporter in reporters { await reporter.caseStarted(suiteId: suite.id, caseId: testCase.id) }
        let caseStart = configuration.clock.now()
        let transcript = Transcript(clock: configuration.clock, redactor: configuration.redactor)
        let execution = CaseExecution(
            suite: suite, testCase: testCase, adapterFactory: adapter, backend: backend,
            configuration: configuration, transcript: transcript, ticket: ticket)
        let outcome = await execution.run(knownIntegration: knownIntegration)
        var result = CaseResult(
            suiteId: suite.id, caseId: testCase.id, title: testCase.title, requirements: testCase.requirements,
            location: testCase.location, outcome: outcome.outcome,
            duration: configuration.clock.elapsed(since: caseStart) - execution.queuedDuration, backendDuration: execution.backendDuration,
            transcript: transcript.lines, stderr: outcome.stderr.map { configuration.redactor.redact($0) })
        result.summary = outcome.summary.map(configuration.redactor.redact)
        result.sdkVersions = testCase.sdkVersions
        return (result, outcome)
    }

    private func notRun(_ testCase: TestCase, of suite: Suite, because error: CaseError) -> CaseResult {
        var result = CaseResult(
            suiteId: suite.id, caseId: testCase.id, title: testCase.title, requirements: testCase.requirements,
            location: testCase.location, outcome: .errored(error, details: ""), duration: .zero, transcript: [])
        result.sdkVersions = testCase.sdkVersions
        return result
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
                duration: .zero, transcript: [])
        }
        return SuiteResult(
            suiteId: ExpectedFailureList.reportSuite, title: "Expected-failure entries (\(list.path))", requirements: [],
            started: configuration.clock.wallNow(), duration: .zero, cases: cases)
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
