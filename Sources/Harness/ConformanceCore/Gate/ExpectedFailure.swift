/// One known failure a gate accepts for now: the case, how its failure message begins, why, where the fix
/// is tracked, and until when the exception holds.
public struct ExpectedFailure: Sendable, Hashable {
    /// `suite/case`.
    public var caseName: String
    /// The beginning of the failure's message (or the error's description) the case is expected to show.
    public var messagePrefix: String
    public var reason: String
    /// Where the fix is tracked (an issue link).
    public var tracking: String
    /// The last day (UTC, `YYYY-MM-DD`) the entry holds; after it the run fails until the entry is renewed or
    /// the case fixed, so an exception cannot silently become permanent.
    public var expires: String?
    /// Where the entry is written, for "the edit to make".
    public var location: SourceLocation

    public init(caseName: String, messagePrefix: String, reason: String, tracking: String, expires: String?, location: SourceLocation) {
        self.caseName = caseName
        self.messagePrefix = messagePrefix
        self.reason = reason
        self.tracking = tracking
        self.expires = expires
        self.location = location
    }

    /// Whether the entry has run out on `today` (`YYYY-MM-DD`, UTC). ISO dates compare as text.
    public func isExpired(today: String) -> Bool {
        guard let expires else { return false }
        return expires < today
    }
}
