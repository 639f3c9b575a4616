import Foundation

/// What a run tested, field by field, for reports that show the run's identity in full (the HTML report); the CI
/// summary keeps its one ``SummaryRun/identity`` line. Built from a run's results or read back from a JUnit report's
/// suite properties, so `run` and `report` show the same thing. Texts are as the run has them: renderers redact.
public struct SummaryIdentity: Sendable, Equatable {
    public var harnessVersion: String?
    /// The integration's name and version as it reported them in `initialize`.
    public var integration: String?
    /// The SDK's name and version as the integration reported them.
    public var sdk: String?
    public var capabilities: [String]
    /// The backend kind (`mock`, `graph`, …), as the JUnit report's `backend` property names it.
    public var backend: String?
    /// The digest of the suite files, which says two runs ran the same suites.
    public var suitesDigest: String?
    public var started: Date?
    public var ended: Date?

    public init(harnessVersion: String? = nil, integration: String? = nil, sdk: String? = nil, capabilities: [String] = [],
                backend: String? = nil, suitesDigest: String? = nil, started: Date? = nil, ended: Date? = nil) {
        self.harnessVersion = harnessVersion
        self.integration = integration
        self.sdk = sdk
        self.capabilities = capabilities
        self.backend = backend
        self.suitesDigest = suitesDigest
        self.started = started
        self.ended = ended
    }
}
