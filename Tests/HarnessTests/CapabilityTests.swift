import AdapterProtocol
import ConformanceCore
import Foundation
import Testing

/// A case that needs a capability the integration lacks is skipped with the reason, never passed.
@Suite(.serialized) struct CapabilityTests {
    @Test func casesNeedingAMissingCapabilityAreSkippedAndOnlyThose() async throws {
        let suites = try EndToEnd.loadSuites()
        let run = try await EndToEnd.run(suites, arguments: ["--disable-capability", "clock.virtual"])
        var skipped = 0
        for suite in suites {
            for testCase in suite.cases {
                let result = try #require(run.result.allCases.first { $0.suiteId == suite.id && $0.caseId == testCase.id })
                if testCase.capabilities.contains(.virtualClock) {
                    guard case .skipped(let reason, _) = result.outcome else {
                        Issue.record("\(testCase.id) needs clock.virtual but was \(result.outcome.label)")
                        continue
                    }
                    #expect(reason.contains("clock.virtual"))
                    skipped += 1
                } else {
                    let expected = EndToEnd.cleanVerdict("\(suite.id)/\(testCase.id)")
                    if expected == "skipped" { skipped += 1 }
                    #expect(result.outcome.label == expected, "\(testCase.id): \(result.outcome)")
                }
            }
        }
        #expect(skipped >= 3)
        #expect(run.console.last?.hasSuffix("\(skipped) skipped") == true, "\(run.console.suffix(3))")
    }

    /// Protocol 1 was published with protocol 0's methods. Every method added since belongs to a feature area, so an
    /// integration of protocol 1 written before it (which declares no such area) gets its cases skipped, not errored:
    /// adding a method stays backward compatible. (`hello` is the network transport's handshake, not a case's.)
    static let addedSinceProtocol0 = RunnerMethod.allCases.filter({ $0.since > .v0 && $0 != .hello })

    @Test(arguments: CapabilityTests.addedSinceProtocol0)
    func aMethodAddedAfterTheProtocolWasPublishedBelongsToACapability(_ method: RunnerMethod) {
        #expect(method.capability != nil, "\(method.rawValue) has no capability: an integration of protocol 1 that predates it answers -32601 and errors its cases")
    }
}
