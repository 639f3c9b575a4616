import Foundation
@testable import ReferenceSDK
import ReferenceTestSupport
import Testing

/// ``IdentityQueries`` on its own, over a device from the fixture builder whose state has alice enrolled: the process
/// identity from what the app set and declared, and the identity a thread's new files get.
@Suite struct IdentityQueriesTests {
    /// The queries of a fresh runtime with `MultiIdentity` as given and `defects`, alice enrolled.
    static func queries(multiIdentity: Bool = false, defects: Set<SDKDefect> = []) async throws
        -> (SDKFixture, IdentityQueries) {
        let fixture = try await SDKFixture.Builder().make()
        fixture.makeRuntime(settings: IntuneMAMSettings(multiIdentity: multiIdentity), defects: defects)
        let queries = fixture.sdk.engine.identityQueries
        queries.store.mutate { $0.enrolledAccountId = "alice-id" }
        return (fixture, queries)
    }

    /// `MultiIdentity`, the defects planted, the process identity the app set, and the one the SDK answers.
    static let processes: [(multiIdentity: Bool, defects: Set<SDKDefect>, set: String?, process: String?)] = [
        (false, [], nil, "alice-id"),
        (true, [], nil, nil),
        (true, [.multiIdentityStartsManaged], nil, "alice-id"),
        (false, [.processIdentityNotSet], nil, nil),
        (true, [], "bob-id", "bob-id"),
        (false, [], "", ""),
    ]

    @Test(arguments: processes)
    func theProcessIdentityIsWhatTheAppSetElseTheEnrolledAccountOfASingleIdentityApp(
        multiIdentity: Bool, defects: Set<SDKDefect>, set: String?, process: String?) async throws {
        let (fixture, queries) = try await Self.queries(multiIdentity: multiIdentity, defects: defects)
        if let set { queries.identities.setProcess(set) }
        #expect(queries.processIdentity == process)
        #expect(queries.uiIdentity == process, "with no UI identity set, the UI follows the process")
        #expect(queries.threadIdentity == process, "outside a thread scope, the thread follows the process")
        await fixture.tearDown()
    }

    /// The defects planted, the thread scope's identity (none: no scope), and the owner of the thread's new files,
    /// while the UI identity is bob.
    static let owners: [(defects: Set<SDKDefect>, scope: String?, owner: String?)] = [
        ([], "carol-id", "carol-id"),
        ([], "", ""),
        ([], nil, "alice-id"),
        ([.fileOwnerTakenFromUiIdentity], "carol-id", "bob-id"),
        ([.fileOwnerIgnoresThreadIdentity], "carol-id", "alice-id"),
        ([.processIdentityOverridesThreadIdentity], "carol-id", "alice-id"),
    ]

    @Test(arguments: owners)
    func aThreadsNewFilesBelongToItsScopedIdentityNeverToTheUIIdentity(
        defects: Set<SDKDefect>, scope: String?, owner: String?) async throws {
        let (fixture, queries) = try await Self.queries(defects: defects)
        queries.identities.setUI("bob-id")
        let found = scope.map { IntuneMAMThreadIdentity.$accountId.withValue($0) { queries.effectiveFileIdentity } }
            ?? queries.effectiveFileIdentity
        #expect(found == owner)
        await fixture.tearDown()
    }
}
