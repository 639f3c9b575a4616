import AdapterProtocol
import ConformanceCore
import Foundation
import Synchronization
import Testing

/// Interrupting a run cancels it: the case in flight ends at once, however long its step may wait, and is
/// reported interrupted with the signal; the cases after it are not run. Driven by events (the integration says
/// when its step waits), in the test process, with a step deadline of an hour so only the interruption can end it.
@Suite struct RunCancellationTests {
    static let cases = RunnerLogicTests.yamlCase(id: "waits", "do: app.launch") + "\n" + RunnerLogicTests.yamlCase(id: "after", "do: app.launch")

    @Test(arguments: [SilentIntegration.Ending.termination, .cancellation])
    func interruptingARunWhileACaseWaitsOnASilentAdapterEndsTheRunWithThatCaseInterruptedAndTheRestNotRun(
        ending: SilentIntegration.Ending
    ) async throws {
        let integration = SilentIntegration(ending: ending)
        let control = RunControl()
        let run = Task { try await RunnerLogicTests.run(Self.cases, integration: integration, stepTimeout: .seconds(3600), control: control) }
        for await _ in integration.waiting { break }
        control.interrupt(signal: SIGINT)
        // Promptly: a deadline far below the step's hour, so a run that only the step deadline could end fails.
        let ended = await Self.value(of: run, within: .seconds(30))
        let result = try #require(try ended?.get(), "the interrupted run did not end within 30 s")
        let errors = result.allCases.map { testCase -> String in
            guard case .errored(let error, _) = testCase.outcome else { return testCase.outcome.label }
            return "\(error.kind): \(error.description)"
        }
        #expect(errors == [
            "Interrupted: interrupted by signal 2 while the case was running",
            "NotRun: not run: the run was interrupted by signal 2 before this case started",
        ])
        #expect(result.interrupted)
        #expect(result.infrastructureProblems.isEmpty, "\(result.infrastructureProblems)")
        #expect(integration.terminations >= 1, "the interrupted case's integration was ended")
    }

    /// The task's result, or nil when it has not finished by the deadline (the task is then left to itself).
    static func value<T: Sendable>(of task: Task<T, any Error>, within deadline: Duration) async -> Result<T, any Error>? {
        let waiter = Mutex<CheckedContinuation<Result<T, any Error>?, Never>?>(nil)
        let resume = { @Sendable (value: Result<T, any Error>?) in waiter.withLock { $0.take() }?.resume(returning: value) }
        return await withCheckedContinuation { continuation in
            waiter.withLock { $0 = continuation }
            let timer = DeadlineTimer(after: deadline) { resume(nil) }
            Task {
                let value = await task.result
                timer.cancel()
                resume(value)
            }
        }
    }
}
