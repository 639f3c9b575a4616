import ArgumentParser
import Backends
import ConformanceCore
import AdapterProtocol
import Foundation
import Logging
import MockMAMService
import AdapterTransports
import SuiteLoader

/// `mamconf adapter-check`: a pass/fail table of the protocol basics, before any suite is run.
struct AdapterCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "adapter-check",
        abstract: "Check that an adapter speaks the protocol: handshake, error codes, questions, sync, large and non-ASCII messages, the methods a case may send, shutdown.",
        discussion: "Prints one row per check with the reason; exit 1 when any row fails, 2 when nothing could be judged.")

    @OptionGroup var adapter: AdapterOptions

    @Option(name: .customLong("fixtures-dir"), help: "Directory holding tenants/ and policies/.")
    var fixturesDirectory = "fixtures"

    @Option(help: "Tenant fixture to arrange (its first user signs in).")
    var tenant = "contoso"

    @Option(help: "Policy fixture assigned to the tenant's groups (it must target the first user).")
    var policy = "pin-required"

    @Option(help: "Base URL of a running mock backend (default: start one embedded on 127.0.0.1).")
    var backend: String?

    @Option(name: .customLong("timeout"), help: "Seconds each request may take.")
    var timeout = 10.0

    func run() async throws {
        signal(SIGPIPE, SIG_IGN)
        let wire = WireLines()
        let factory = try adapter.factory(tap: wire.tap)
        let (tenantFixture, policies, errors) = SuiteLoader(fixturesDirectory: fixturesDirectory, catalog: nil)
            .fixtures(tenant: tenant, policies: [policy])
        guard let tenantFixture, errors.isEmpty else {
            for error in errors { StandardStreams.write("\(error)\n", to: STDERR_FILENO) }
            throw MamconfExit(MamconfExit.notJudged, "the fixtures for adapter-check cannot be read (looked in \(fixturesDirectory))")
        }
        var embedded: MockMAMServer?
        let url: String
        if let backend {
            url = backend
        } else {
            var logger = Logger(label: "mamconf.adapter-check.mock")
            logger.logLevel = .warning
            let server = MockMAMServer(configuration: MockServiceConfiguration(), logger: logger)
            do { url = try await server.start().absoluteString } catch {
                throw MamconfExit(MamconfExit.notJudged, "embedded mock backend could not start: \(error)")
            }
            embedded = server
        }
        let redactor = Redactor()
        redactor.add(tenantFixture.users.map(\.password))
        if let token = adapter.token() { redactor.add([token]) }
        let work = NSTemporaryDirectory() + "mamconf-check-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: work) }
        var check = AdapterCheck(
            factory: factory, backend: MockGraphBackend(baseURL: url, redactor: redactor),
            tenant: tenantFixture, policies: policies, wire: wire, workDirectory: work)
        check.timeout = timeout
        let rows: [AdapterCheck.Row]
        do { rows = try await check.run() } catch {
            await embedded?.stop()
            throw MamconfExit(MamconfExit.notJudged, redactor.redact("backend unreachable: \(error.description)"))
        }
        await embedded?.stop()
        print(Self.table(rows, redactor: redactor))
        let failed = rows.filter { !$0.passed }.count
        print("\(rows.count - failed) passed, \(failed) failed")
        if failed > 0 { throw MamconfExit(MamconfExit.failed) }
    }

    static func table(_ rows: [AdapterCheck.Row], redactor: Redactor) -> String {
        let width = rows.map(\.name.count).max() ?? 10
        return rows.map { row in
            let status = row.passed ? "PASS" : "FAIL"
            return "\(status)  \(row.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(redactor.redact(row.detail))"
        }.joined(separator: "\n")
    }
}
