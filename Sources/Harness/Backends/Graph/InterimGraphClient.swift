// INTERIM (replaced by GraphAdmin/ when branch graph-client merges): client-secret credentials only, no retries.
import AdapterProtocol
import ConformanceCore
import CurlHTTP
import Foundation

public struct GraphCredentials: Sendable {
    public var tenantId: String
    public var clientId: String
    var clientSecret: String

    public var secrets: [String] { [clientSecret] }

    public static func load(environment: [String: String], file: String?) throws -> GraphCredentials {
        var values = environment
        if let file, let data = FileManager.default.contents(atPath: file), let json = try? JSONValue.parse(data) {
            values["MAMCONF_GRAPH_TENANT_ID"] = json["tenantId"]?.stringValue
            values["MAMCONF_GRAPH_CLIENT_ID"] = json["clientId"]?.stringValue
            values["MAMCONF_GRAPH_CLIENT_SECRET"] = json["clientSecret"]?.stringValue
        }
        guard let tenant = values["MAMCONF_GRAPH_TENANT_ID"], let client = values["MAMCONF_GRAPH_CLIENT_ID"],
              let secret = values["MAMCONF_GRAPH_CLIENT_SECRET"] else {
            throw BackendFault(request: "credentials", reason: .credentials("set MAMCONF_GRAPH_TENANT_ID, MAMCONF_GRAPH_CLIENT_ID and MAMCONF_GRAPH_CLIENT_SECRET"))
        }
        return GraphCredentials(tenantId: tenant, clientId: client, clientSecret: secret)
    }
}

public struct GraphAdminClient: GraphCalling {
    let inner: MockAdminGraph

    public init(graphURL: String, loginURL: String, credentials: GraphCredentials, redactor: Redactor) {
        inner = MockAdminGraph(graphURL: graphURL, tokenURL: "\(loginURL)/\(credentials.tenantId)/oauth2/v2.0/token",
                               clientId: credentials.clientId, secret: credentials.clientSecret,
                               http: HTTPClient(label: "mamconf.graph", timeouts: HTTPTimeouts(connect: .seconds(5), total: .seconds(60))),
                               redactor: redactor, pathBase: graphURL)
    }

    public func call(_ method: String, _ path: String, body: JSONValue?, expect: Int, transcript: Transcript?) async throws(BackendFault) -> JSONValue {
        try await inner.call(method, path, body: body, expect: expect, transcript: transcript)
    }

    public func list(_ path: String, transcript: Transcript?) async throws(BackendFault) -> [JSONValue] {
        try await inner.list(path, transcript: transcript)
    }
}
