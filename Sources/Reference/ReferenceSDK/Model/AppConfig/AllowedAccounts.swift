/// The allowed-accounts restriction the managed app configuration sets (ALW-01): the account it names, by
/// UPN (`allowedAccounts`) and by account ID (`allowedAccountIds`).
struct AllowedAccounts: Equatable, Sendable {
    var upns: [String]
    var accountIds: [String]

    /// True when the account is named, by account ID or by UPN, compared ignoring case (ALW-04).
    func admits(accountId: String?, upn: String?) -> Bool {
        accountIds.contains { AccountIdentity.same($0, accountId) } || upns.contains { AccountIdentity.same($0, upn) }
    }
}
