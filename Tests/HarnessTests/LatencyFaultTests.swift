import ConformanceCore
import Foundation
import SuiteLoader
import Testing

/// No case's duration is set by a real-time wait (issue 30): a case that must show that an action does not wait for
/// the service holds the answer (`hold: true`, then `release`) and shows it by order. A `delay` fault is kept only
/// where latency itself is the point, and only when it is listed here with its reason.
@Suite struct LatencyFaultTests {
    /// `suite/case` → why real latency, not a hold, is what the case is about. Empty today: every case that waited in
    /// real time could say the same thing by order.
    static let allowed: [String: String] = [:]

    /// The longest delay an allowed case may inject: a delay costs its whole length on every run.
    static let longest: Duration = .milliseconds(500)

    /// Every case arming a fault with a real delay, with the longest delay it arms.
    static func casesWithDelays() throws -> [String: Duration] {
        var found: [String: Duration] = [:]
        for suite in try ConformanceDecisionTests.loadAll() {
            for suiteCase in suite.cases {
                let delays = suiteCase.steps.compactMap { step -> Duration? in
                    if case .backend(.injectFault(let fault)) = step.kind { return fault.delay }
                    return nil
                }
                if let longest = delays.max() { found["\(suite.id)/\(suiteCase.id)"] = longest }
            }
        }
        return found
    }

    @Test func onlyTheListedCasesWaitInRealTimeAndEveryListedCaseStillDoes() throws {
        let found = try Self.casesWithDelays()
        let unlisted = found.keys.filter { Self.allowed[$0] == nil }.sorted()
        #expect(unlisted.isEmpty, "cases with a delay fault not in LatencyFaultTests.allowed (hold the answer instead): \(unlisted)")
        let stale = Self.allowed.keys.filter { found[$0] == nil }.sorted()
        #expect(stale.isEmpty, "listed in LatencyFaultTests.allowed but no longer delay anything: \(stale)")
    }

    @Test func theDelaysThatRemainAreShort() throws {
        let long = try Self.casesWithDelays().filter { $0.value > Self.longest }.keys.sorted()
        #expect(long.isEmpty, "delays over \(Self.longest): \(long)")
    }

    @Test func theCaseThatShowsRegistrationDoesNotWaitHoldsTheAnswerInstead() throws {
        let suite = try #require(try ConformanceDecisionTests.loadAll().first { $0.id == "first-policy-application" })
        let steps = try #require(suite.cases.first { $0.id == "registration-returns-before-the-service-answers" }).steps
        let actions = steps.compactMap { step -> BackendAction? in
            if case .backend(let action) = step.kind { return action }
            return nil
        }
        #expect(actions == [
            .injectFault(FaultInjection(route: .mamEnroll, answer: .normal, hold: true, times: 1)), .releaseHold(.mamEnroll),
        ])
    }
}
