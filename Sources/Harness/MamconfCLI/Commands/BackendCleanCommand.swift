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

    @OptionGroup var graph: GraphConnectionOptions

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
        let redactor = Redactor()
        let credentials: GraphCredentials
        do { credentials = try graph.credentials() } catch {
            throw MamconfExit(MamconfExit.notJudged, "credentials: \(error.description)")
        }
        let leftovers = GraphLeftovers(graph: graph.client(credentials, redactor: redactor))
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
