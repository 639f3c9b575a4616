import ArgumentParser
import Foundation
import Logging
import MockMAMService

/// Runs the mock MAM backend alone, e.g. for an integration on another machine or a debugging session.
struct MockBackendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock-backend", abstract: "Run the mock MAM backend (Graph face, token endpoint, MAM service) standalone.")

    @Option(help: "Port to listen on (0 = any free port).")
    var port = 8080

    @Option(help: "Address to bind; loopback by default.")
    var host = "127.0.0.1"

    func run() async throws {
        let server = MockMAMServer(configuration: MockServiceConfiguration(host: host, port: port), logger: Logger(label: "mamconf.mock-backend"))
        try await server.runUntilCancelled { url in
            print("mock MAM backend listening on \(url.absoluteString)")
        }
    }
}
