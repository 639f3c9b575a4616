import ArgumentParser
import Backends
import ConformanceCore
import AdapterProtocol
import Foundation
import Logging
import RunWiring
import AdapterTransports
import SuiteLoader

/// `mamconf adapter-check`: a pass/fail table of the protocol basics, before any suite is run.
struct AdapterCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "adapter-check",
        abstract: "Check that an adapter speaks the protocol: handshake, error codes, questions, sync, large and non-ASCII messages, the methods a case may send, shutdown.",
        discussion: "Each row is a case of a bundled suite, run through the normal runner. Prints one row per check with the reason; exit 1 when any row fails, 2 when nothing could be judged.")

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

    @Option(help: "Also write the rows as a JUnit XML report (one testcase per row).")
    var junit: String?

    func run() async throws {
        signal(SIGPIPE, SIG_IGN)
        let options = adapter
        let factory: CheckAdapterFactory
        do {
            factory = try CheckAdapterFactory { tap throws(AdapterFault) in
                do { return try options.factory(tap: tap) } catch { throw .launchFailed((error as? MamconfExit)?.message ?? "\(error)") }
            }
        } catch .launchFailed(let why) {
            // The options' own refusal, word for word, as `run` gives it.
            throw MamconfExit(MamconfExit.notJudged, why)
        } catch {
            throw MamconfExit(MamconfExit.notJudged, error.description)
        }
        let (tenantFixture, policies, errors) = SuiteLoader(fixturesDirectory: fixturesDirectory, catalog: nil)
            .fixtures(tenant: tenant, policies: [policy])
        guard let tenantFixture, errors.isEmpty else {
            for error in errors { StandardStreams.write("\(error)\n", to: STDERR_FILENO) }
            throw MamconfExit(MamconfExit.notJudged, "the fixtures for adapter-check cannot be read (looked in \(fixturesDirectory))")
        }
        let redactor = Redactor()
        redactor.add(tenantFixture.users.map(\.password))
        if let token = adapter.token() { redactor.add([token]) }
        var logger = Logger(label: "mamconf.adapter-check.mock")
        logger.logLevel = .warning
        let work = WorkRoot.workDirectory("check", keepData: false)
        var check = AdapterCheckRun(
            factory: factory, backend: backend.map { .runningMock(url: $0) } ?? .embeddedMock(logger: logger),
            tenant: tenantFixture, policies: policies, redactor: redactor, workDirectory: work)
        check.timeout = .seconds(timeout)
        check.junit = junit
        let rows: [AdapterCheck.Row], result: RunResult
        do { (rows, result) = try await check.run() } catch {
            throw MamconfExit(MamconfExit.notJudged, "embedded mock backend could not start: \(error.message)")
        }
        if let problem = Self.notJudged(result) {
            throw MamconfExit(MamconfExit.notJudged, redactor.redact(problem))
        }
        print(Self.table(rows, redactor: redactor))
        let failed = rows.filter { !$0.passed }.count
        print("\(rows.count - failed) passed, \(failed) failed")
        if let failure = result.reportFailures.first {
            throw MamconfExit(MamconfExit.notJudged, "\(failure.target ?? "the report") was not written: \(failure.message)")
        }
        if failed > 0 { throw MamconfExit(MamconfExit.failed) }
    }

    /// Why nothing could be judged: the backend could not be reached, or could not arrange the tenant of the
    /// first row (the check's rows share one tenant fixture, so none could be).
    static func notJudged(_ result: RunResult) -> String? {
        if let reason = result.abortReason, result.allCases.allSatisfy({ if case .errored(.notRun, _) = $0.outcome { true } else { false } }) {
            return reason
        }
        if case .errored(.backend(let fault), _)? = result.allCases.first?.outcome {
            return "backend unreachable: \(fault.description)"
        }
        return nil
    }

    static func table(_ rows: [AdapterCheck.Row], redactor: Redactor) -> String {
        let width = rows.map(\.name.count).max() ?? 10
        return rows.map { row in
            let status = row.passed ? "PASS" : "FAIL"
            return "\(status)  \(row.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(redactor.redact(row.detail))"
        }.joined(separator: "\n")
    }
}
