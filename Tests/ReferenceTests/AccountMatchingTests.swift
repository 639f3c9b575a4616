import Foundation
@testable import ReferenceSDK
import ReferenceTestSupport
import Testing

/// ``AccountMatching`` on its own, over a device from the fixture builder whose state has alice enrolled and bob
/// registered: which account is the managed one, by which comparison, and which are others of the organisation.
@Suite struct AccountMatchingTests {
    /// The matching of a fresh runtime with `defects`, alice enrolled and bob registered.
    static func matching(defects: Set<SDKDefect> = []) async throws -> (SDKFixture, AccountMatching) {
        let fixture = try await SDKFixture.Builder().make()
        fixture.makeRuntime(defects: defects)
        let accounts = fixture.sdk.engine.accounts
        accounts.store.mutate { state in
            state.enrolledAccountId = "alice-id"
            state.registeredAccounts = [SDKState.RegisteredAccount(accountId: "alice-id", upn: nil),
                                        SDKState.RegisteredAccount(accountId: "bob-id", upn: nil)]
        }
        return (fixture, accounts)
    }

    /// The defects planted, the account asked about, and the managed account the identity layer finds.
    static let lookups: [(defects: Set<SDKDefect>, asked: String?, managed: String?)] = [
        ([], "alice-id", "alice-id"),
        ([], "ALICE-ID", "alice-id"),
        ([.identityComparedCaseSensitively], "ALICE-ID", nil),
        ([.caseSensitiveIdentities], "ALICE-ID", "alice-id"),
        ([], "bob-id", nil),
        ([], "", nil),
        ([], nil, nil),
    ]

    @Test(arguments: lookups)
    func theIdentityLayerFindsTheManagedAccountInAnyCaseUnlessItsOwnComparisonBreaks(
        defects: Set<SDKDefect>, asked: String?, managed: String?) async throws {
        let (fixture, accounts) = try await Self.matching(defects: defects)
        #expect(accounts.managedAccount(matching: asked) == managed)
        await fixture.tearDown()
    }

    /// The defects planted, the account asked about, and whether the API boundary calls it the managed one.
    static let boundary: [(defects: Set<SDKDefect>, asked: String?, managed: Bool)] = [
        ([], "ALICE-ID", true),
        ([.caseSensitiveIdentities], "ALICE-ID", false),
        ([.identityComparedCaseSensitively], "ALICE-ID", true),
        ([.caseSensitiveIdentities], "alice-id", true),
        ([], nil, false),
    ]

    @Test(arguments: boundary)
    func theAPIBoundaryCallsAnAccountManagedByItsOwnComparisonNotTheIdentityLayers(
        defects: Set<SDKDefect>, asked: String?, managed: Bool) async throws {
        let (fixture, accounts) = try await Self.matching(defects: defects)
        #expect(accounts.store.read { accounts.isManaged(asked, in: $0) } == managed)
        await fixture.tearDown()
    }

    @Test func anotherAccountOfTheOrganisationIsOneTheSDKKnowsOtherThanTheManagedOne() async throws {
        let (fixture, accounts) = try await Self.matching()
        #expect(accounts.isOtherAccountOfOrganisation("BOB-ID"), "registered, looked up in any case")
        #expect(!accounts.isOtherAccountOfOrganisation("alice-id"), "the managed account is not another one")
        #expect(!accounts.isOtherAccountOfOrganisation("carol-id"), "an account the SDK never met is not the tenant's")
        await fixture.tearDown()
    }
}
