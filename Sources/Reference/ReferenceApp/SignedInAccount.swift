import Foundation

/// An account the app signed in (its "MSAL" cache entry), as persisted in `app.json`.
///
/// `description` never shows tokens, so an account can be logged safely.
struct SignedInAccount: Codable, Sendable, Equatable, CustomStringConvertible {
    /// The Entra object ID (the SDK's account ID).
    var accountId: String
    var upn: String
    var tenantId: String?
    /// Nil for an account the SDK signed in itself (`addAccountId`): the SDK holds its tokens.
    var accessToken: String?
    var refreshToken: String?
    /// When `accessToken` expires, on the integration's clock.
    var expiresAt: Date?

    var description: String { "\(upn) (\(accountId))" }

    /// The tenant Microsoft's consumer accounts sign in to.
    static let consumerTenantId = "9188040d-6c67-4c5b-b112-36a304b66dad"

    /// A personal account, not one of an organisation: the app decides this (ENR-14) by the tenant its token
    /// names, and never registers such an account with the SDK.
    var isPersonal: Bool { tenantId?.lowercased() == Self.consumerTenantId }

    /// True when `accessToken` is usable at `now` (with a minute to spare for the request).
    func hasValidToken(at now: Date) -> Bool {
        guard accessToken != nil, let expiresAt else { return false }
        return expiresAt > now.addingTimeInterval(60)
    }

    /// Account IDs compare case-insensitively (ENR-12, IDS-07).
    func matches(_ otherAccountId: String) -> Bool {
        accountId.lowercased() == otherAccountId.lowercased()
    }
}
