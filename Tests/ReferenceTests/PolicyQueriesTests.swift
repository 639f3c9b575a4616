import Foundation
@testable import ReferenceSDK
import ReferenceTestSupport
import Testing

/// ``PolicyQueries`` on its own, over a device from the fixture builder with a recording host: which policy an account
/// gets, and what a policy replaced by a check-in posts.
@Suite struct PolicyQueriesTests {
    static let plain = #"{}"#
    static let encrypted = #"{"appDataEncryptionType":"whenDeviceLocked"}"#

    static func policy(_ json: String, version: String) -> MAMServicePolicy? {
        MAMServicePolicy(settingsJSON: Data(json.utf8), policyVersion: version)
    }

    /// The queries of a fresh runtime with alice enrolled under `now`, and its recording host.
    static func queries(holding now: String, defects: Set<SDKDefect> = []) async throws -> (SDKFixture, PolicyQueries) {
        var builder = SDKFixture.Builder()
        builder.appSide = .recordingHost
        let fixture = try await builder.make()
        fixture.makeRuntime(defects: defects)
        let queries = fixture.sdk.engine.policies
        queries.store.mutate { state in
            state.enrolledAccountId = "alice-id"
            state.policyJSON = now
            state.policyVersion = "2"
        }
        return (fixture, queries)
    }

    /// The policy held before the check-in (none: a first policy), the one it delivered, the defects planted, and the
    /// notifications posted.
    static let changes: [(held: String?, now: String, defects: Set<SDKDefect>, posted: [IntuneMAMNotification.Name])] = [
        (plain, plain, [], [.policyDidChange]),
        (plain, encrypted, [], [.policyDidChange, .dataProtectionDidChange]),
        (encrypted, plain, [], [.policyDidChange, .dataProtectionDidChange]),
        (plain, encrypted, [.encryptionChangeNotNotified], [.policyDidChange]),
        (plain, plain, [.policyChangeNotNotified], []),
        (nil, encrypted, [], []),
        (nil, plain, [], []),
    ]

    @Test(arguments: changes)
    func aReplacedPolicyPostsItsChangeAndAChangeOfProtectionButAFirstPolicyPostsNothing(
        held: String?, now: String, defects: Set<SDKDefect>, posted: [IntuneMAMNotification.Name]) async throws {
        let (fixture, queries) = try await Self.queries(holding: now, defects: defects)
        queries.postPolicyChanges(accountId: "alice-id", held: held.flatMap { Self.policy($0, version: "1") },
                                  code: .newPoliciesReceived)
        #expect(fixture.host.notifications.map(\.name) == posted)
        #expect(fixture.host.notifications.allSatisfy { $0.accountId == "alice-id" })
        await fixture.tearDown()
    }

    @Test func theManagedAccountGetsItsPolicyPreparedForItAndAnUnmanagedOneNone() async throws {
        let (fixture, queries) = try await Self.queries(holding: Self.encrypted)
        let managed = try #require(queries.appPolicy(forAccountId: "ALICE-ID"))
        #expect(managed.context.accountId == "alice-id", "prepared for the enrolled account, as the state spells it")
        #expect(managed.isFileEncryptionRequired)
        #expect(queries.appPolicy(forAccountId: "bob-id") == nil)
        #expect(queries.appPolicy(forAccountId: nil) == nil)
        await fixture.tearDown()
    }
}
