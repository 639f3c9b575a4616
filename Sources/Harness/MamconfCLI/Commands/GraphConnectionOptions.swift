import ArgumentParser
import AdapterProtocol
import Backends
import ConformanceCore
import Foundation

/// Where a Graph tenant is and how mamconf signs in to it: shared by `run --backend graph` and `backend-clean`, so
/// both read credentials the same way (never from the command line).
struct GraphConnectionOptions: ParsableArguments {
    @Option(name: .customLong("graph-url"), help: "Graph's base URL (with --backend graph).")
    var graphURL = "https://graph.microsoft.com/v1.0"

    @Option(name: .customLong("login-url"), help: "The Entra login host; tokens come from LOGIN/TENANT/oauth2/v2.0/token (with --backend graph).")
    var loginURL = "https://login.microsoftonline.com"

    @Option(name: .customLong("credentials-file"), help: "JSON with tenantId, clientId, and clientSecret or certificateFile + privateKeyFile, readable only by you; else the MAMCONF_GRAPH_* variables.")
    var credentialsFile: String?

    /// Both URLs must be absolute http(s) URLs: their origins are where the token and the client's proof may go.
    func validate() throws {
        for (option, url) in [("--graph-url", graphURL), ("--login-url", loginURL)] where !GraphAdminClient.isEndpointURL(url) {
            throw ValidationError("\(option) must be an absolute http:// or https:// URL, not \(url)")
        }
    }

    /// The credentials, with their warnings printed.
    func credentials() throws(GraphCredentials.LoadError) -> GraphCredentials {
        let credentials = try GraphCredentials.load(environment: ProcessInfo.processInfo.environment, file: credentialsFile)
        for warning in credentials.warnings { StandardStreams.write("mamconf: warning: \(warning)\n", to: STDERR_FILENO) }
        return credentials
    }

    /// The administrator's Graph client for these credentials.
    func client(_ credentials: GraphCredentials, redactor: Redactor) -> GraphAdminClient {
        GraphAdminClient(graphURL: graphURL, loginURL: loginURL, credentials: credentials, redactor: redactor)
    }
}
