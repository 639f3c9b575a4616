import Foundation
import Locking
@testable import ReferenceSDK
import ReferenceTestSupport
import Testing

/// ``ComplianceFlow`` on its own, over a device from the fixture builder whose state has alice enrolled (so her
/// remediation finds her under policy already): one remediation per account at a time, each reported once.
@Suite struct ComplianceFlowTests {
    @Test func aRemediationUnderWayDropsAnotherForTheSameAccountInAnyCaseButNotOneThatFollowsItsReport() async throws {
        let fixture = try await SDKFixture.Builder().make()
        fixture.makeRuntime()
        let recorder = ComplianceRecorder()
        fixture.sdk.complianceManager.delegate = recorder
        let flow = fixture.sdk.engine.compliance
        flow.store.mutate { $0.enrolledAccountId = "alice-id" }
        let release = Latch<Void>()
        flow.work.submit("hold the queue") { _ = release.wait(until: Date(timeIntervalSinceNow: 30)) }
        flow.remediate("alice-id", silent: true)
        flow.remediate("ALICE-ID", silent: true)
        flow.remediate("bob-id", silent: true)
        #expect(flow.inProgress("Alice-Id"))
        #expect(flow.inProgress("bob-id"))
        release.fulfil(())
        await fixture.idle()
        #expect(recorder.reports.map(\.accountId) == ["alice-id", "bob-id"], "the second call for alice was dropped")
        #expect(recorder.reports.first?.status == .compliant)
        #expect(!flow.inProgress("alice-id"))
        flow.remediate("alice-id", silent: true)
        await fixture.idle()
        #expect(recorder.reports.map(\.accountId) == ["alice-id", "bob-id", "alice-id"])
        await fixture.tearDown()
    }
}
