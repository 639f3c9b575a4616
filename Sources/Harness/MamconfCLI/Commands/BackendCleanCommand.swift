import ArgumentParser
import AdapterProtocol
import Backends
import ConformanceCore
import Foundation

/// Deletes what mamconf runs left in a real tenant (objects tagged `mamconf-<run> …`).
struct BackendCleanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backend-clean",
        abstract: "Delete the objects mamconf runs left in a Graph tenant (found by their run tag).",
        discussion: """
            Lists every group, app protection policy, app configuration and catalogue app whose display name carries a \
            mamconf run tag, and deletes them (configurations and policies first). Credentials as for \
            `mamconf run --backend graph`: MAMCONF_GRAPH_TENANT_ID, MAMCONF_GRAPH_CLIENT_ID and \
            MAMCONF_GRAPH_CLIENT_SECRET, or --credentials-file. Exit 0 when the tenant is clean, 1 when something \
            could not be deleted, 2 when the tenant cannot be reached or the credentials are refused.
            """)

    @Option(name: .customLong("graph-url"), help: "Graph's base URL.")
    var graphURL = "https://graph.microsoft.com/v1.0"

    @Option(name: .customLong("login-url"), help: "The Entra login host.")
    var loginURL = "https://login.microsoftonline.com"

    @Option(name: .customLong("credentials-file"), help: "JSON with tenantId, clientId, and clientSecret or certificateFile + privateKeyFile, readable only by you; else the MAMCONF_GRAPH_* variables.")
    var credentialsFile: String?

    @Option(name: .customLong("run"), help: "Only the objects of this run (the 12-digit id in `mamconf-<run>`, printed by the run).")
    var run: String?

    @Flag(name: .customLong("dry-run"), help: "List what would be deleted, delete nothing.")
    var dryRun = false

    func validate() throws {
        if let run, GraphLeftovers.isRunId(run) == false {
            throw ValidationError("--run takes a run id: 12 lowercase hexadecimal digits, as in mamconf-0123456789ab")
        }
    }

    func run() async throws {
        let credentials: GraphCredentials
        do { credentials = try GraphCredentials.load(environment: ProcessInfo.processInfo.environment, file: credentialsFile) } catch {
            throw MamconfExit(MamconfExit.notJudged, "credentials: \(error.description)")
        }
        for warning in credentials.warnings { StandardStreams.write("mamconf: warning: \(warning)\n", to: STDERR_FILENO) }
        let redactor = Redactor()
        let leftovers = GraphLeftovers(graph: GraphAdminClient(graphURL: graphURL, loginURL: loginURL, credentials: credentials, redactor: redactor))
        let found: [GraphLeftovers.Leftover]
        do { found = try await leftovers.find(runId: run) } catch {
            throw MamconfExit(MamconfExit.notJudged, redactor.redact(error.description))
        }
        for leftover in found {
            StandardStreams.write("\(dryRun ? "would delete" : "delete") \(leftover.kind.rawValue) \(leftover.id) \"\(leftover.displayName)\"\n", to: STDOUT_FILENO)
        }
        if dryRun {
            StandardStreams.write("\(found.count) object(s) tagged by mamconf runs; nothing deleted (--dry-run)\n", to: STDOUT_FILENO)
            return
        }
        let failed = await leftovers.delete(found)
        for (leftover, fault) in failed {
            StandardStreams.write("mamconf: could not delete \(leftover.kind.rawValue) \(leftover.id): \(redactor.redact(fault.message))\n", to: STDERR_FILENO)
        }
        StandardStreams.write("\(found.count - failed.count) of \(found.count) object(s) deleted\n", to: STDOUT_FILENO)
        if !failed.isEmpty { throw MamconfExit(MamconfExit.failed, "\(failed.count) object(s) could not be deleted") }
    }
}
