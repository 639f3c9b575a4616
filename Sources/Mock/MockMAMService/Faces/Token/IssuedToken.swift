import Foundation

/// What an opaque access token stands for; the token string itself is only the key it is stored under.
struct IssuedToken: Sendable, Codable {
    /// Admin tokens come from client credentials and open the Graph face; user tokens come from the password or
    /// refresh grant and open the MAM service when issued for its resource.
    enum Kind: String, Sendable, Codable {
        case admin, user
    }

    let kind: Kind
    /// The user's object id for user tokens; nil for admin tokens.
    let accountId: String?
    /// The resource the token was issued for (`https://graph.microsoft.com` or the MAM resource).
    let audience: String
    /// When the token stops working, on the tenant clock.
    let expiresAt: Date

    func isExpired(at now: Date) -> Bool {
        now >= expiresAt
    }
}

/// What a refresh token can be redeemed for: new tokens for the same user and client.
struct RefreshGrant: Sendable, Codable {
    let accountId: String
    let clientId: String
}
