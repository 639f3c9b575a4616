import AdapterProtocol
import ConformanceCore
import Foundation
import Testing

/// The backend registration poll waits on the run's clock: against a backend whose state shows late (a real
/// tenant shows a check-in minutes later) a whole case runs in virtual time, and cancelling the run ends the wait.
@Suite(.timeLimit(.minutes(1))) struct RegistrationPollTests {
    typealias Logic = RunnerLogicTests

    static let alice = BackendRegistration(userId: "5b7c1f0e-2d4a-4c8e-9f31-6a2b8d0e4c11", deviceTag: "d1", sdkVersion: nil, lastSync: nil)
    static let lateCase = Logic.yamlCase(requirements: "ENR-02", "do: app.launch", "check_backend: {registration: $alice}")
    /// A minute's budget, a look every five seconds.
    static let budget = ObservationBudget(total: .seconds(60), interval: .seconds(5))

    @Test func aRegistrationThatShowsOnTheFourthLookPassesAfterThreeWaitsOfVirtualTime() async throws {
        let clock = VirtualHarnessClock()
        let backend = InMemoryBackend(observation: Self.budget)
        backend.register(Self.alice, fromLook: 4)
        let driver = Task {
            for _ in 0..<3 {
                await clock.waitForSleepers()
                if Task.isCancelled { return }
                clock.advanceToNextDeadline()
            }
        }
        let result = try await Logic.run(Self.lateCase, integration: ScriptedIntegration(), backend: backend, clock: clock)
        // Had the poll slept for real, the virtual clock would not have moved: stop the driver so it cannot hang.
        driver.cancel()
        await driver.value
        #expect(Logic.outcomes(result) == ["passed"], "\(result.allCases.map(\.outcome))")
        #expect(backend.looks == 4)
        #expect(clock.elapsed == .seconds(15), "three waits of the driver's five-second interval, all in virtual time")
        #expect(result.allCases.first?.duration == .seconds(15), "the case's duration is measured on the same clock")
    }

    @Test func aRegistrationThatNeverShowsFailsOnceTheBudgetIsSpentNamingTheLooks() async throws {
        let clock = VirtualHarnessClock()
        let backend = InMemoryBackend(observation: Self.budget)
        let driver = Task {
            while !Task.isCancelled {
                await clock.waitForSleepers()
                clock.advanceToNextDeadline()
            }
        }
        let result = try await Logic.run(Self.lateCase, integration: ScriptedIntegration(), backend: backend, clock: clock)
        driver.cancel()
        await driver.value
        let failure = try #require(Logic.failure(result), "\(Logic.outcomes(result))")
        #expect(failure.message == "expected the backend to hold MAM registration for $alice, but it does not after 13 looks over 60 s",
                "\(failure.message)")
        #expect(clock.elapsed == .seconds(60))
    }

    @Test func interruptingTheRunEndsThePollsWaitAtOnce() async throws {
        let clock = VirtualHarnessClock()
        let backend = InMemoryBackend(observation: Self.budget)
        backend.register(Self.alice, fromLook: 4)
        let control = RunControl()
        let run = Task { try await Logic.run(Self.lateCase, integration: ScriptedIntegration(), backend: backend, control: control, clock: clock) }
        await clock.waitForSleepers()
        // A signal interrupts a run by cancelling its task (the report names the signal).
        control.interrupt(signal: SIGINT)
        let result = try await run.value
        #expect(Logic.outcomes(result) == ["errored"], "\(result.allCases.map(\.outcome))")
        #expect(result.interrupted)
        #expect(backend.looks == 1, "no further look after the cancellation")
        #expect(clock.elapsed == .zero, "the wait ended without time passing")
        #expect(clock.pendingDeadlines.isEmpty, "the cancelled wait is forgotten")
    }
}
