extension AppRules {
    /// How `app.state` reports what the app holds, where the contract leaves the form open.
    struct State: Equatable, Sendable {
        /// The order of `signedInAccounts`.
        enum AccountOrder: Equatable, Sendable {
            case signInOrder
            case newestFirst
        }

        /// `preferences` is reported (as an empty map) while the app keeps none, instead of left out (WIP-11).
        var reportsEmptyPreferences: Bool
        var signedInAccountsOrder: AccountOrder

        init(_ read: Read) {
            reportsEmptyPreferences = !read(.preferencesLeftOutWhenNoneKept)
            signedInAccountsOrder = read(.signedInAccountsNewestFirst) ? .newestFirst : .signInOrder
        }
    }
}
