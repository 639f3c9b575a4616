extension SDKRules {
    /// A UPN change of the enrolled account (IDN-01).
    struct AccountRename: Equatable, Sendable {
        /// A token naming a new UPN for the enrolled object ID keeps the enrollment, policy and data (FM-21).
        var upnChangeKeepsAccount: Bool

        init(_ broken: Broken) {
            upnChangeKeepsAccount = !broken(.upnChangeTakenForNewAccount)
        }
    }
}
