/// A bearer token for one account, with the identity the token belongs to: what ``TokenSource`` hands the flows
/// that call the MAM service.
struct AccessToken: Sendable {
    var value: String
    var upn: String
    /// The account ID in the casing the token issuer uses (the SDK reports this one; ENR-12).
    var accountId: String
    /// True when the SDK obtained it itself and can refresh it.
    var fromSDKCache: Bool
}
