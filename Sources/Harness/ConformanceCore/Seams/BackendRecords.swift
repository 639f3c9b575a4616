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
    /// `sha256:<hex>` of the request body, when it had one.
    public var bodyDigest: String?

    public init(sequence: Int, route: String, method: String, path: String, status: Int, accountId: String?,
                fault: String? = nil, bodyDigest: String? = nil) {
        self.sequence = sequence
        self.route = route
        self.method = method
        self.path = path
        self.status = status
        self.accountId = accountId
        self.fault = fault
        self.bodyDigest = bodyDigest
    }
}
