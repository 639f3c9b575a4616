import Foundation
@testable import ReferenceSDK
import ReferenceTestSupport
import Testing

/// ``AccessRecheck`` on its own (CL-03), over a runtime's state and virtual clock from the fixture builder: a proved
/// access counts for the policy's online recheck period (30 minutes by default), and not after it.
@Suite struct AccessRecheckTests {
    /// Minutes since access was last proved (nil: never), the defects planted, and whether it still counts.
    static let cases: [(minutesAgo: Double?, defects: Set<SDKDefect>, within: Bool)] = [
        (0, [], true),
        (29, [], true),
        (30, [], false),
        (nil, [], false),
        (31, [.accessNeverRechecked], true),
        (1, [.accessRecheckedAtEveryResume], false),
    ]

    @Test(arguments: cases)
    func aProvedAccessCountsForThePolicysRecheckPeriodAndNotAfter(minutesAgo: Double?, defects: Set<SDKDefect>,
                                                                  within: Bool) async throws {
        let fixture = try await SDKFixture.Builder().make()
        let recheck = fixture.makeRuntime(defects: defects).engine.gates.recheck
        if let minutesAgo {
            recheck.passed()
            #expect(recheck.store.read { $0.lastAccessCheckAt } == fixture.clock.now, "proved now, on the SDK's clock")
            recheck.store.mutate { $0.lastAccessCheckAt = fixture.clock.now.addingTimeInterval(-minutesAgo * 60) }
        }
        let policy = try #require(MAMServicePolicy(settingsJSON: Data(heldPolicy(["pinRequired": true]).utf8), policyVersion: nil))
        #expect(recheck.withinRecheckPeriod(policy) == within)
        await fixture.tearDown()
    }
}
