/// What the launch, an identity switch and a hand-off ask the identity model (IDS-01…07): whether the app is a
/// multi-identity one, its process and UI identities, and how the identity layer compares and matches accounts. A
/// protocol, so the flows of conditional launch name only these questions of the identity rules they link to.
protocol LaunchIdentityRules: Sendable {
    /// True when the app runs as a multi-identity app: identities start unmanaged and the PIN waits for a switch.
    var isMultiIdentityApp: Bool { get }
    /// `getProcessAccountId`.
    var processIdentity: String? { get }
    /// `getUIPolicyAccountId`: the UI identity the app set, else the process identity.
    var uiIdentity: String? { get }
    /// The identity layer's account comparison (IDS-07).
    func sameAccount(_ lhs: String?, _ rhs: String?) -> Bool
    /// The managed (enrolled) account when `accountId` names it, as far as the identity layer can tell.
    func managedAccount(matching accountId: String?) -> String?
    /// True when `accountId` is another account of the managed account's organisation (IDS-01).
    func isOtherAccountOfOrganisation(_ accountId: String) -> Bool
}
