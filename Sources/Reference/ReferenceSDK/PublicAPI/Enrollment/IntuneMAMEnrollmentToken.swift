/// A MAM-service access token handed to the SDK by the app (`IntuneMAMEnrollmentToken`, 21.7.1).
///
/// `description` never shows the token itself, so printing one cannot leak a secret into a log.
public struct IntuneMAMEnrollmentToken: Sendable, Equatable, CustomStringConvertible {
    /// The bearer token, or nil when the app could not get one (then `error` says why).
    public var accessToken: String?
    /// The account's UPN.
    public var upn: String
    /// The account's Entra object ID.
    public var oid: String
    public var tenantId: String?
    public var correlationId: String?
    /// Required when `accessToken` is nil.
    public var error: String?

    public init(accessToken: String?, upn: String, oid: String, tenantId: String? = nil,
                correlationId: String? = nil, error: String? = nil) {
        self.accessToken = accessToken
        self.upn = upn
        self.oid = oid
        self.tenantId = tenantId
        self.correlationId = correlationId
        self.error = error
    }

    /// A token-less answer: the app has no token for the account.
    public static func failure(accountId: String, upn: String = "", error: String) -> IntuneMAMEnrollmentToken {
        IntuneMAMEnrollmentToken(accessToken: nil, upn: upn, oid: accountId, error: error)
    }

    public var description: String {
        "IntuneMAMEnrollmentToken(oid: \(oid), upn: \(upn), accessToken: \(accessToken == nil ? "nil" : "<redacted>"), "
            + "error: \(error ?? "nil"))"
    }
}
