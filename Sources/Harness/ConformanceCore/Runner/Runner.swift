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

    /// Runs every case of every suite. Never throws: whatever breaks ends up in the result.
    public func run(_ suites: [Suite]) async -> RunResult {
        var result = RunResult(suites: [], integration: nil, backend: backend.description, harnessVersion: HarnessVersion.current)
        for suite in suites {
            configuration.redactor.add(suite.secrets)
            for testCase in suite.cases {
                configuration.redactor.add(testCase.tenant.users.map(\.password))
                configuration.redactor.add(Self.scriptedSecrets(testCase))
            }
        }
        do {
            try await backend.checkReachable()
        } catch {
            result.abortReason = "backend unreachable: \(error.description)"
            result.reportFailures = await finish(result)
            return result
        }
        var integration: IntegrationInfo?
        var backendFailed = false
        var brokenInARow = 0
        var budgetExhausted = false
        suiteLoop: for suite in suites {
            let started = configuration.clock.wallNow()
            let suiteStart = configuration.clock.monotonicSeconds()
            var suiteResult = SuiteResult(
                suiteId: suite.id, title: suite.title, requirements: suite.requirements, started: started, duration: 0, cases: [])
            for testCase in suite.cases {
                if configuration.control.isInterrupted { result.interrupted = true; break }
                if budgetExhausted {
                    let skipped = CaseResult(
                        suiteId: suite.id, caseId: testCase.id, title: testCase.title, requirements: testCase.requirements,
                        location: testCase.location,
                        outcome: .errored(.notRun("the adapter broke \(configuration.restartBudget) cases in a row"), details: ""),
                        duration: 0, transcript: [])
                    suiteResult.cases.append(skipped)
                    for reporter in reporters { await reporter.caseFinished(skipped) }
                    continue
                }
                let caseStart = configuration.clock.monotonicSeconds()
                let transcript = Transcript(clock: configuration.clock, redactor: configuration.redactor)
                let execution = CaseExecution(
                    suite: suite, testCase: testCase, adapterFactory: adapter, backend: backend,
                    configuration: configuration, transcript: transcript)
                let outcome = await execution.run(knownIntegration: integration)
                if integration == nil, let why = outcome.adapterUnusable, !configuration.control.isInterrupted {
                    result.abortReason = "adapter cannot start: \(why.description)"
                    result.suites.append(suiteResult)
                    break suiteLoop
                }
                if let fault = outcome.backendFault, !backendFailed {
                    backendFailed = true
                    result.infrastructureProblems.append("backend failed during the run: \(fault.description)")
                }
                integration = integration ?? outcome.integration
                if configuration.control.isInterrupted { result.interrupted = true }
                brokenInARow = outcome.adapterBroke && !result.interrupted ? brokenInARow + 1 : 0
                if brokenInARow >= configuration.restartBudget && !budgetExhausted {
                    budgetExhausted = true
                    result.infrastructureProblems.append(
                        "the adapter broke \(brokenInARow) cases in a row (restart budget); the remaining cases were not run")
                }
                let caseResult = CaseResult(
                    suiteId: suite.id, caseId: testCase.id, title: testCase.title, requirements: testCase.requirements,
                    location: testCase.location, outcome: outcome.outcome,
                    duration: configuration.clock.monotonicSeconds() - caseStart, backendDuration: execution.backendSeconds,
                    transcript: transcript.lines)
                suiteResult.cases.append(caseResult)
                for reporter in reporters { await reporter.caseFinished(caseResult) }
            }
            suiteResult.duration = configuration.clock.monotonicSeconds() - suiteStart
            result.suites.append(suiteResult)
            if result.interrupted || configuration.control.isInterrupted {
                result.interrupted = true
                break
            }
        }
        result.integration = integration
        result.reportFailures = await finish(result)
        return result
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
    private func finish(_ result: RunResult) async -> [String] {
        var result = result
        for reporter in reporters {
            do { try await reporter.runFinished(result) } catch {
                let message = configuration.redactor.redact("\(error)")
                result.reportFailures.append(message)
                StandardStreams.write("mamconf: reporter failed: \(message)\n", to: STDERR_FILENO)
            }
        }
        return result.reportFailures
    }
}
