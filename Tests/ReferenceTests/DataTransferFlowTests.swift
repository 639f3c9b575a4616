import Foundation
@testable import ReferenceSDK
import ReferenceTestSupport
import Testing

/// ``DataTransferFlow`` on its own, over a device from the fixture builder with a recording host as the operating
/// system: how `canOpenURL` answers under a managed thread identity, by the policy's outbound destinations.
@Suite struct DataTransferFlowTests {
    /// The flow of a fresh runtime with alice enrolled under a policy sending org data to `destinations`, and the
    /// host finding apps for `schemes`.
    static func flow(destinations: String, schemes: Set<String>) async throws -> (SDKFixture, DataTransferFlow) {
        var builder = SDKFixture.Builder()
        builder.appSide = .recordingHost
        let fixture = try await builder.make()
        fixture.makeRuntime()
        fixture.host.setQueryableSchemes(schemes)
        let flow = fixture.sdk.engine.dataTransfer
        let settings = #"{"allowedOutboundDataTransferDestinations":"\#(destinations)"}"#
        flow.policies.store.mutate { state in
            state.enrolledAccountId = "alice-id"
            state.policyJSON = settings
            state.policyVersion = "1"
        }
        return (fixture, flow)
    }

    /// The policy's outbound destinations, the schemes an app is found for, the thread identity (none: no scope, so
    /// the process identity, the enrolled alice), and the answer for `other://item`.
    static let answers: [(destinations: String, schemes: Set<String>, thread: String?, answer: Bool)] = [
        ("allApps", ["other"], "alice-id", true),
        ("none", ["other", "other-intunemam"], "alice-id", false),
        ("managedApps", ["other"], "alice-id", false),
        ("managedApps", ["other-intunemam"], "ALICE-ID", true),
        ("none", ["other"], nil, false),
        ("none", ["other"], "", true),
        ("none", ["other"], "bob-id", true),
        ("none", [], "", false),
    ]

    @Test(arguments: answers)
    func canOpenURLUnderTheManagedThreadIdentityAsksThroughTheSchemesTwinOrNotAtAllByThePolicy(
        destinations: String, schemes: Set<String>, thread: String?, answer: Bool) async throws {
        let (fixture, flow) = try await Self.flow(destinations: destinations, schemes: schemes)
        let url = try #require(URL(string: "other://item"))
        let found = IntuneMAMThreadIdentity.$accountId.withValue(thread) { flow.canOpenURL(url) }
        #expect(found == answer)
        await fixture.tearDown()
    }
}
