/// The identity questions of conditional launch (``LaunchIdentityRules``) answered by the two flows that own them: the
/// identities of the process and the UI (``IdentityQueries``) and how accounts are compared (``AccountMatching``).
struct LaunchIdentityAnswers: LaunchIdentityRules {
    let accounts: AccountMatching
    let identities: IdentityQueries

    var isMultiIdentityApp: Bool { identities.isMultiIdentityApp }

    var processIdentity: String? { identities.processIdentity }

    var uiIdentity: String? { identities.uiIdentity }

    func sameAccount(_ lhs: String?, _ rhs: String?) -> Bool { accounts.sameAccount(lhs, rhs) }

    func managedAccount(matching accountId: String?) -> String? { accounts.managedAccount(matching: accountId) }

    func isOtherAccountOfOrganisation(_ accountId: String) -> Bool { accounts.isOtherAccountOfOrganisation(accountId) }
}
