import AdapterProtocol
import ConformanceCore

/// Calls Microsoft Graph as the tenant's administrator. `GraphAdminClient` (token, retries, paging) is the one
/// implementation drivers use; the seam lets ``GraphTenantAdministration`` be shared by the mock and the Graph
/// driver without knowing how either reaches Graph.
public protocol GraphCalling: Sendable {
    /// One call; `path` is relative to the Graph base URL or absolute. Throws unless the status is `expect`.
    func call(_ method: String, _ path: String, body: JSONValue?, expect: Int, transcript: Transcript?) async throws(BackendFault) -> JSONValue
    /// Every item of a collection, following `@odata.nextLink` until the last page.
    func list(_ path: String, transcript: Transcript?) async throws(BackendFault) -> [JSONValue]
    /// The absolute URL of `path` on Graph's beta endpoint, for the settings only beta takes.
    func betaURL(_ path: String) -> String
}
