import ArgumentParser
import AdapterProtocol
import Foundation
import Logging
import MockMAMService

/// Runs the mock MAM backend alone, e.g. for an integration on another machine or a debugging session.
struct MockBackendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock-backend", abstract: "Run the mock MAM backend (Graph face, token endpoint, MAM service) standalone.")

    @Option(help: "Port to listen on (0 = any free port).")
    var port = 8080

    @Option(help: "Address to bind; loopback by default. Anything else needs an admin token.")
    var host = "127.0.0.1"

    @Option(name: .customLong("admin-token-file"), help: "File holding the token the /_mock controls require (or set \(MockBackendCommand.adminTokenVariable)); never on the command line.")
    var adminTokenFile: String?

    @Option(name: .customLong("idle-timeout"), help: "Seconds a connection may stay idle.")
    var idleTimeout = 30.0

    @Option(name: .customLong("journal-file"), help: "Append every request of every tenant to this file, one JSON line each (route, status, fault, body digest).")
    var journalFile: String?

    @Option(name: .customLong("state-file"), help: "Keep the tenants in this file: loaded at start, saved (atomically) after every change.")
    var stateFile: String?

    @Option(help: "Threads serving requests: 1 handles each request on the thread that reads it (least work per request); more serve many clients at once faster.")
    var threads = 1

    /// Where `mamconf run --backend URL` and `mock-backend` read the mock's admin token.
    static let adminTokenVariable = "MAMCONF_MOCK_ADMIN_TOKEN"

    /// Every number in range before anything starts: a port past 65535 would wrap to another port, and a timeout of
    /// `nan`, `inf` or `1e308` seconds would trap when turned into nanoseconds.
    func validate() throws {
        let ports = MockServiceConfiguration.ports
        guard ports.contains(port) else {
            throw ValidationError("--port must be in \(ports.lowerBound)...\(ports.upperBound) (0 = any free port), not \(port)")
        }
        guard MockServiceConfiguration.timeout(seconds: idleTimeout) != nil else {
            let allowed = MockServiceConfiguration.timeouts
            throw ValidationError("--idle-timeout must be a number of seconds in \(allowed.lowerBound.inSeconds)...\(allowed.upperBound.inSeconds), not \(idleTimeout)")
        }
        let threadCounts = MockServiceConfiguration.threadCounts
        guard threadCounts.contains(threads) else {
            throw ValidationError("--threads must be in \(threadCounts.lowerBound)...\(threadCounts.upperBound), not \(threads)")
        }
    }

    func run() async throws {
        var token = ProcessInfo.processInfo.environment[Self.adminTokenVariable]
        if let adminTokenFile {
            guard let text = try? String(contentsOfFile: adminTokenFile, encoding: .utf8) else {
                throw MamconfExit(MamconfExit.notJudged, "cannot read the admin token file \(adminTokenFile)")
            }
            token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let configuration = MockServiceConfiguration(
            host: host, port: port, adminToken: token?.isEmpty == false ? token : nil,
            idleTimeout: MockServiceConfiguration.timeout(seconds: idleTimeout) ?? .seconds(30),
            threads: threads, journalFile: journalFile, stateFile: stateFile)
        let server = MockMAMServer(configuration: configuration, logger: Logger(label: "mamconf.mock-backend"))
        do {
            try await server.runUntilCancelled { url in
                // Written at once, unbuffered: a script reading it through a pipe learns the port right away.
                StandardStreams.write("mock MAM backend listening on \(url.absoluteString)\n", to: STDOUT_FILENO)
            }
        } catch let error as MockMAMServer.LifecycleError {
            throw MamconfExit(MamconfExit.notJudged, error.description)
        } catch let error as JournalFile.OpenError {
            throw MamconfExit(MamconfExit.notJudged, error.description)
        }
    }
}
