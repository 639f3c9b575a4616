import ArgumentParser
import AdapterProtocol
import Backends
import ConformanceCore
import Foundation
import Logging
import RunWiring
import SuiteLoader

/// Which backend a run drives: the embedded mock (default), a mock already running at a URL, or a real tenant
/// through Microsoft Graph. Credentials never come from the command line: `ps` and CI logs show it.
struct BackendOptions: ParsableArguments {
    @Option(help: "The backend: leave out for the embedded mock, 'graph' for a real tenant through Microsoft Graph, or the base URL of a running mock backend.")
    var backend: String?

    @OptionGroup var graph: GraphConnectionOptions

    @Option(name: .customLong("tenant-file"), help: "YAML naming the real accounts the suites' aliases stand for, and the app's client id (required with --backend graph).")
    var tenantFile: String?

    @Option(name: .customLong("registration-wait"), help: "Seconds a real tenant may take to show a registration the SDK caused (with --backend graph).")
    var registrationWait = 600.0

    @Option(name: .customLong("fault-seed"), help: "Seed of every fault_schedule of the run (printed by every run that uses one; give it to replay the same faults).")
    var faultSeed: UInt64?

    /// True for `--backend graph`.
    var isGraph: Bool { backend == "graph" }

    /// What is wrong with the backend options. Checked by `run`, not `validate`, so the report of a run refused
    /// for them still says why nothing was judged.
    func usageProblems() -> [String] {
        var problems: [String] = []
        if isGraph, tenantFile == nil {
            problems.append("--backend graph needs --tenant-file: the real accounts the suites' aliases stand for")
        }
        if !isGraph, tenantFile != nil || graph.credentialsFile != nil {
            problems.append("--tenant-file and --credentials-file go with --backend graph")
        }
        // Bounded like the other waits: an infinite wait would let a tenant that never shows a registration hang the run.
        if !(registrationWait >= 0 && registrationWait <= 86_400) { problems.append("--registration-wait must be from 0 to 86400 seconds") }
        return problems
    }

    /// The seed for this run: as given, else a fresh one (the console prints it when a case used it).
    func resolvedFaultSeed() -> UInt64 { faultSeed ?? UInt64.random(in: 0...UInt64.max) }

    /// The tenant file's accounts (Graph runs only), or its errors, which the run reports like a suite's.
    func tenantProfile() -> (TenantProfile?, [SuiteError]) {
        guard isGraph, let tenantFile else { return (nil, []) }
        return TenantFile.load(path: tenantFile, environment: ProcessInfo.processInfo.environment)
    }

    /// The backend as the run wiring takes it: the embedded mock, a running one, or the tenant whose credentials
    /// are read here. Unreadable credentials are an infrastructure error, like a backend that cannot start.
    func choice(redactor: Redactor, profile: TenantProfile?, verbose: Bool) throws(BackendFault) -> BackendChoice {
        if isGraph, let profile {
            let credentials: GraphCredentials
            do { credentials = try graph.credentials() } catch {
                throw BackendFault(request: "read the Graph credentials", reason: .credentials(error.description))
            }
            return .graph(GraphBackendSetup(
                credentials: credentials, profile: profile, graphURL: graph.graphURL, loginURL: graph.loginURL,
                observation: ObservationBudget(total: .seconds(registrationWait), interval: .seconds(min(15, max(1, registrationWait / 20)))),
                onLeftover: { line in StandardStreams.write("mamconf: \(redactor.redact(line)); remove it with `mamconf backend-clean`\n", to: STDERR_FILENO) }))
        }
        let controlToken = ProcessInfo.processInfo.environment[MockBackendCommand.adminTokenVariable]
        if let backend, backend != "mock" {
            return .runningMock(url: backend, controlToken: controlToken)
        }
        var logger = Logger(label: "mamconf.mock-backend")
        // The embedded backend is an implementation detail of the run: only its problems are worth a line.
        logger.logLevel = verbose ? .info : .warning
        return .embeddedMock(logger: logger)
    }
}
