import Foundation
import Locking
import ReferenceSDK
import Testing
import ReferenceTestSupport

/// Records every compliance status the SDK reports.
final class ComplianceRecorder: IntuneMAMComplianceDelegate {
    struct Report: Equatable, Sendable {
        var accountId: String
        var status: IntuneMAMComplianceStatus
        var message: String
        var title: String
    }

    private let recorded = Locked<[Report]>([])
    var reports: [Report] { recorded.read { $0 } }

    func accountId(_ accountId: String, hasComplianceStatus status: IntuneMAMComplianceStatus,
                   withErrorMessage errorMessage: String, andErrorTitle errorTitle: String) {
        recorded.withLock { $0.append(Report(accountId: accountId, status: status, message: errorMessage, title: errorTitle)) }
    }
}

/// Conditional Access remediation against the mock (CA-02, CA-03): the token service refuses the app's own resource
/// with protection_policy_required until the SDK's remediation, an enrollment of the account, applied a policy.
@Suite("ReferenceSDK compliance remediation")
struct ReferenceSDKComplianceTests {
    static let appResource = "api://contoso-harness-app"

    /// A tenant where alice is under Conditional Access and a policy targets her; the app has signed her in.
    private static func signedInUnderConditionalAccess(
        defects: Set<SDKDefect> = []
    ) async throws -> (SDKFixture, SDKTestUser, ComplianceRecorder) {
        let fixture = try await SDKFixture.make(protectionPolicyRequired: ["alice"])
        try await fixture.backend.createPolicy()
        await fixture.launch(defects: defects)
        let recorder = ComplianceRecorder()
        fixture.sdk.complianceManager.delegate = recorder
        let alice = fixture.user("alice")
        fixture.app.signIn(alice)
        #expect(try await fixture.backend.resourceTokenStatus(for: alice, resource: appResource) == 400,
                "before the remediation the token service refuses the app's resource")
        return (fixture, alice, recorder)
    }

    @Test("remediation enrolls the account, reports compliant exactly once, and the app's token is then issued")
    func remediationEnrollsAndReportsOnce() async throws {
        let (fixture, alice, recorder) = try await Self.signedInUnderConditionalAccess()
        fixture.sdk.complianceManager.remediateCompliance(forAccountId: alice.objectId, silent: true)
        await fixture.idle()

        #expect(recorder.reports.map(\.status) == [.compliant])
        #expect(recorder.reports.first?.accountId == alice.objectId)
        #expect(recorder.reports.first.map { !$0.message.isEmpty } == true, "every status carries a localized string")
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == alice.objectId)
        #expect(!fixture.sdk.complianceManager.remediationInProgress(forAccountId: alice.objectId))
        #expect(try await fixture.backend.resourceTokenStatus(for: alice, resource: Self.appResource) == 200)
        #expect(try await fixture.backend.calls("mam.enroll").map(\.status) == [200])
        await fixture.tearDown()
    }

    @Test("a remediation for an account the app has no token for needs the user: interaction required, no enrollment")
    func remediationWithoutTokenNeedsInteraction() async throws {
        let (fixture, alice, recorder) = try await Self.signedInUnderConditionalAccess()
        fixture.sdk.complianceManager.remediateCompliance(forAccountId: alice.upn, silent: true)
        await fixture.idle()

        #expect(recorder.reports.map(\.status) == [.interactionRequired])
        #expect(recorder.reports.first?.accountId == alice.upn)
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == nil)
        #expect(try await fixture.backend.resourceTokenStatus(for: alice, resource: Self.appResource) == 400)
        await fixture.tearDown()
    }

    @Test("an account that enrolled the app already is compliant at once, with no second enrollment")
    func enrolledAccountIsCompliant() async throws {
        let (fixture, alice, recorder) = try await Self.signedInUnderConditionalAccess()
        fixture.sdk.enrollmentManager.registerAndEnrollAccountId(alice.objectId)
        await fixture.idle()
        fixture.sdk.complianceManager.remediateCompliance(forAccountId: alice.objectId, silent: false)
        await fixture.idle()

        #expect(recorder.reports.map(\.status) == [.compliant])
        #expect(try await fixture.backend.calls("mam.enroll").count == 1)
        await fixture.tearDown()
    }

    @Test("mutant complianceStatusNeverReported: the account enrolls but the delegate hears nothing")
    func statusNeverReported() async throws {
        let (fixture, alice, recorder) = try await Self.signedInUnderConditionalAccess(defects: [.complianceStatusNeverReported])
        fixture.sdk.complianceManager.remediateCompliance(forAccountId: alice.objectId, silent: true)
        await fixture.idle()

        #expect(recorder.reports.isEmpty)
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == alice.objectId)
        await fixture.tearDown()
    }

    @Test("mutant remediationCompliantWithoutPolicy: compliant is reported but the token stays refused")
    func compliantWithoutPolicy() async throws {
        let (fixture, alice, recorder) = try await Self.signedInUnderConditionalAccess(defects: [.remediationCompliantWithoutPolicy])
        fixture.sdk.complianceManager.remediateCompliance(forAccountId: alice.objectId, silent: true)
        await fixture.idle()

        #expect(recorder.reports.map(\.status) == [.compliant])
        #expect(fixture.sdk.enrollmentManager.enrolledAccountId() == nil)
        #expect(try await fixture.backend.resourceTokenStatus(for: alice, resource: Self.appResource) == 400)
        await fixture.tearDown()
    }
}
