import AdapterProtocol
@testable import ConformanceCore
import Testing

/// The run policy alone: outcomes folded in plan order, and what the run does after each. Its texts are the
/// reports' texts (abort reason, infrastructure problems, the error of every case not run), so they are
/// checked word for word.
@Suite struct RunPolicyTests {
    /// One judged case, in a table's shorthand.
    enum Step: Sendable, CustomTestStringConvertible {
        case passed
        /// The integration broke the case (it exited mid-case).
        case crashed
        /// The integration could not be started or initialised.
        case unusable
        case backendFailed
        /// The case ran while the run was interrupted; the integration died of it.
        case crashedByInterruption
        /// The first case's integration could not start because the run was interrupted as it started.
        case unusableByInterruption
        case notStarted(signal: Int32)

        static let info = IntegrationInfo(name: "scripted", version: "1", sdkName: "IntuneMAMSwift", sdkVersion: "21.7.1", capabilities: [])
        static let fault = BackendFault(request: "POST http://mock/_mock/tenants", reason: .transport("connection refused"))

        var judged: RunPolicy.Judged {
            switch self {
            case .passed: return .finished(.passed, integration: Self.info, interrupted: false)
            case .crashed: return .finished(.errored(.integration(.exited("killed by signal 11"), at: nil), details: ""), integration: Self.info, interrupted: false)
            case .unusable: return .finished(.errored(.adapterUnusable(.launchFailed("no such file")), details: ""), integration: nil, interrupted: false)
            case .backendFailed: return .finished(.errored(.backend(Self.fault), details: ""), integration: nil, interrupted: false)
            case .crashedByInterruption:
                return .finished(.errored(.integration(.exited("killed by signal 9"), at: nil), details: ""), integration: Self.info, interrupted: true)
            case .unusableByInterruption:
                return .finished(.errored(.adapterUnusable(.exited("killed by signal 9")), details: ""), integration: nil, interrupted: true)
            case .notStarted(let signal): return .notStarted(signal: signal)
            }
        }

        var testDescription: String { "\(self)" }
    }

    /// What the run shows after a table's steps.
    struct Expected: Sendable {
        /// Per step: `go on`, `note: …` or `stop: …` (the error every remaining case is reported with).
        var decisions: [String]
        var abortReason: String? = nil
        var problems: [String] = []
        var interrupted = false
    }

    static func label(_ decision: RunPolicy.Decision) -> String {
        switch decision {
        case .goOn: return "go on"
        case .noteInfrastructureFault(let note): return "note: \(note)"
        case .stop(let error): return "stop: \(error.kind): \(error.description)"
        }
    }

    static let cannotStart = "adapter could not be started: no such file"
    static let budgetOf2 = "stop: NotRun: not run: the adapter broke 2 cases in a row (restart budget)"
    static let budgetProblem = "the adapter broke 2 cases in a row (restart budget); the remaining cases were not run"
    static let backendNote = "backend failed during the run: \(Step.fault.description)"

    @Test(arguments: [
        ("a first case whose adapter cannot start aborts the run", 3, [Step.unusable],
         Expected(decisions: ["stop: NotRun: not run: the adapter cannot start: \(cannotStart)"], abortReason: "adapter cannot start: \(cannotStart)")),
        ("an adapter that cannot start once the integration is known only spends the budget", 3, [.passed, .unusable, .passed],
         Expected(decisions: ["go on", "go on", "go on"])),
        ("a first case the interruption kept from starting aborts nothing", 3, [.unusableByInterruption],
         Expected(decisions: ["go on"], interrupted: true)),
        ("the budget stops the run after that many broken cases in a row", 2, [.passed, .crashed, .crashed],
         Expected(decisions: ["go on", "go on", budgetOf2], problems: [budgetProblem])),
        ("a good case resets the budget", 2, [.passed, .crashed, .passed, .crashed, .passed],
         Expected(decisions: ["go on", "go on", "go on", "go on", "go on"])),
        ("a case the interruption broke does not count toward the budget", 2, [.passed, .crashed, .crashedByInterruption, .crashed],
         Expected(decisions: ["go on", "go on", "go on", "go on"], interrupted: true)),
        ("an adapter that can no longer start when the budget runs out aborts the run", 2, [.passed, .unusable, .unusable],
         Expected(decisions: ["go on", "go on", budgetOf2], abortReason: "the adapter can no longer be started or reached: \(cannotStart)",
                  problems: [budgetProblem])),
        ("an interruption before a case started stops the run", 3, [.passed, .notStarted(signal: 15)],
         Expected(decisions: ["go on", "stop: NotRun: not run: the run was interrupted by signal 15 before this case started"], interrupted: true)),
        ("a backend failure during the run is noted once and the run goes on", 3, [.backendFailed, .passed, .backendFailed],
         Expected(decisions: ["note: \(backendNote)", "go on", "go on"], problems: [backendNote])),
        ("a backend failure does not spend the budget", 1, [.passed, .backendFailed, .backendFailed],
         Expected(decisions: ["go on", "note: \(backendNote)", "go on"], problems: [backendNote])),
        ("a stopped run stays stopped with its first reason", 1, [.passed, .crashed, .notStarted(signal: 2), .unusable],
         Expected(decisions: ["go on", "stop: NotRun: not run: the adapter broke 1 cases in a row (restart budget)",
                              "stop: NotRun: not run: the adapter broke 1 cases in a row (restart budget)",
                              "stop: NotRun: not run: the adapter broke 1 cases in a row (restart budget)"],
                  problems: ["the adapter broke 1 cases in a row (restart budget); the remaining cases were not run"])),
    ])
    func decidesAfterEachCase(_ rule: String, budget: Int, steps: [Step], expected: Expected) {
        var state = RunPolicy(restartBudget: budget).start()
        let decisions = steps.map { Self.label(state.judge($0.judged)) }
        #expect(decisions == expected.decisions, "\(rule)")
        #expect(state.abortReason == expected.abortReason, "\(rule)")
        #expect(state.infrastructureProblems == expected.problems, "\(rule)")
        #expect(state.interrupted == expected.interrupted, "\(rule)")
    }

    @Test func anUnreachableBackendStopsTheRunBeforeItsFirstCaseWithTheBackendsError() {
        var state = RunPolicy(restartBudget: 3).start()
        state.backendUnreachable(Step.fault)
        #expect(state.abortReason == "backend unreachable: \(Step.fault.description)")
        #expect(Self.label(state.judge(Step.passed.judged)) == "stop: BackendError: \(Step.fault.description)")
        #expect(state.integration == nil, "a case judged after the stop changes nothing")
    }

    @Test func theIntegrationIsKnownFromTheFirstCaseThatStartedIt() {
        var state = RunPolicy(restartBudget: 3).start()
        _ = state.judge(Step.backendFailed.judged)
        #expect(state.integration == nil)
        _ = state.judge(Step.passed.judged)
        #expect(state.integration?.name == "scripted")
    }
}
