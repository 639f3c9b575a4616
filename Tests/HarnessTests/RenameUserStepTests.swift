import ConformanceCore
import Foundation
import SuiteLoader
import Testing

/// `backend: {rename_user: $alice, upn: …}` (IDN-01): a bad rename is an error at its place, a good one needs a tenant
/// of the case's own.
@Suite struct RenameUserStepTests {
    @Test(arguments: [
        ("      - backend: {rename_user: $alice}", "rename_user needs 'upn'"),
        ("      - backend: {rename_user: $alice, upn: no-at-sign}", "upn must be a user principal name"),
        ("      - backend: {rename_user: $alice, upn: \"@contoso.example\"}", "upn must be a user principal name"),
        ("      - backend: {rename_user: $alice, upn: [a@b]}", "upn must be a string"),
        ("      - backend: {rename_user: [1], upn: a@b.example}", "rename_user must name an account"),
        ("      - backend: {rename_user: $alice, upn: a@b.example, times: 1}", "unknown key 'times' in a backend action (expected: rename_user, upn)"),
        ("      - backend: {renam_user: $alice}", "a backend action needs one of:"),
    ])
    func aBadRenameIsReportedAtItsPlace(steps: String, message: String) throws {
        let errors = try SuiteValidationTests.errors(SuiteValidationTests.caseWith(steps))
        #expect(errors.contains { $0.contains(message) }, "\(errors)")
    }

    @Test func aRenameOfTheAccountNeedsATenantOfTheCasesOwn() throws {
        let action = BackendAction.renameUser(accountId: "5b7c1f0e-2d4a-4c8e-9f31-6a2b8d0e4c11", upn: "a@contoso.example")
        #expect(action.needs == [.isolatedTenant])
        let errors = try SuiteValidationTests.errors(SuiteValidationTests.caseWith(
            "      - backend: {rename_user: $alice, upn: alice.smith@contoso.example}"))
        #expect(errors.isEmpty, "\(errors)")
    }
}
