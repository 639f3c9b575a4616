/// One journal entry of the mock tenant (the fields the SDK tests look at).
public struct SDKTestJournalEntry: Sendable {
    public let route: String
    public let status: Int
    public let accountId: String?
    /// What the service noted about the request (for telemetry: `events=2 names=enrollment,checkin …`).
    public let detail: String?
}
