/// A MAM registration as the backend records it.
public struct BackendRegistration: Sendable, Hashable {
    public var userId: String
    public var deviceTag: String?
    public var sdkVersion: String?
    public var lastSync: String?

    public init(userId: String, deviceTag: String?, sdkVersion: String?, lastSync: String?) {
        self.userId = userId
        self.deviceTag = deviceTag
        self.sdkVersion = sdkVersion
        self.lastSync = lastSync
    }
}

/// One request the backend served, as its journal shows it.
public struct JournalEntry: Sendable, Hashable {
    public var sequence: Int
    public var route: String
    public var method: String
    public var path: String
    public var status: Int
    public var accountId: String?
    /// The fault the service applied to this request (`status 503`, `drop`…), if any.
    public var fault: String?
    /// A digest of the request body (the mock's is `fnv1a64:<hex>`), when it had one: tells a resend from a new request.
    public var bodyDigest: String?
    /// For a user's token request: the client id it sent (ENR-15).
    public var clientId: String?
    /// For a user's token request: the last path segment of the authority it asked (`common`, or the tenant's).
    public var authority: String?

    public init(sequence: Int, route: String, method: String, path: String, status: Int, accountId: String?,
                fault: String? = nil, bodyDigest: String? = nil, clientId: String? = nil, authority: String? = nil) {
        self.clientId = clientId
        self.authority = authority
        self.sequence = sequence
        self.route = route
        self.method = method
        self.path = path
        self.status = status
        self.accountId = accountId
        self.fault = fault
        self.bodyDigest = bodyDigest
    }

    /// Whether the client got a real success: a 2xx that no fault replaced (a malformed-body fault answers 200,
    /// a dropped connection answers nothing); a pure delay still delivers the real answer.
    public var succeeded: Bool {
        guard (200..<300).contains(status) else { return false }
        guard let fault else { return true }
        return fault.hasPrefix("delay ")
    }
}
