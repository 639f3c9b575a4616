/// A user of a test tenant.
public struct SDKTestUser: Sendable {
    public let alias: String
    public let upn: String
    public let objectId: String
    public let password: String
}
