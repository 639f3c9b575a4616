import AdapterProtocol

/// Which token requests a journal check counts: those with this registration's client id and at this authority
/// (nil: any).
public struct SignInFilter: Sendable, Hashable, CustomStringConvertible {
    public var client: RegistrationName?
    public var authority: AuthorityName?

    public init(client: RegistrationName?, authority: AuthorityName?) {
        self.client = client
        self.authority = authority
    }

    /// Whether a journal entry's client id and authority are the ones named, resolved with the case's endpoints.
    public func matches(_ entry: JournalEntry, endpoints: BackendEndpoints) -> Bool {
        if let client, entry.clientId == nil || Self.registration(of: entry.clientId, endpoints: endpoints) != client { return false }
        if let authority, Self.authority(of: entry.authority, endpoints: endpoints) != authority { return false }
        return true
    }

    /// The registration a client id belongs to; nil when it is neither of the app's.
    public static func registration(of clientId: String?, endpoints: BackendEndpoints) -> RegistrationName? {
        guard let clientId else { return nil }
        if clientId == endpoints.clientId { return .app }
        if clientId == endpoints.alternateClientId { return .alternate }
        return nil
    }

    /// The named authority whose URL ends in `segment`; nil when neither does.
    public static func authority(of segment: String?, endpoints: BackendEndpoints) -> AuthorityName? {
        guard let segment else { return nil }
        func last(_ url: String?) -> String? { url?.split(separator: "/").last.map(String.init) }
        if last(endpoints.commonAuthority) == segment { return .common }
        if last(endpoints.authority) == segment { return .tenant }
        return nil
    }

    public var description: String {
        [client.map { "client \($0.rawValue)" }, authority.map { "authority \($0.rawValue)" }].compactMap { $0 }.joined(separator: ", ")
    }
}
