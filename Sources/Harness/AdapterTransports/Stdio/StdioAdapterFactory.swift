import ConformanceCore
import Foundation

/// Starts an integration as a local process that speaks the adapter protocol on stdin and stdout.
public struct StdioAdapterFactory: SDKAdapterFactory {
    /// Resource limits that keep a misbehaving integration from hurting the harness.
    public struct Limits: Sendable {
        /// The longest protocol line accepted; longer is a protocol error (1 MiB by default).
        public var lineLimit: Int
        /// How many bytes of stderr go into a case transcript; the rest is counted and dropped.
        public var stderrBudget: Int
        /// Longest a write to the integration may make no progress before it counts as no longer reading.
        public var writeStall: Duration

        public init(lineLimit: Int = 1 << 20, stderrBudget: Int = 256 * 1024, writeStall: Duration = .seconds(10)) {
            self.lineLimit = lineLimit
            self.stderrBudget = stderrBudget
            self.writeStall = writeStall
        }
    }

    public let command: [String]
    /// Words after ``command`` that only this factory's cases get (``appending(_:)``): with the fork-server launch
    /// they travel in each fork request, so factories that differ only in them share the first one's server.
    public private(set) var caseArguments: [String] = []
    /// What the adapter inherits of mamconf's environment; the runner adds `MAMCONF_DATA_DIR` for each case.
    public let environment: AdapterEnvironment
    public let limits: Limits
    /// Sees every protocol line in both directions (without its newline), in the order sent or read: for
    /// recording a run (the schema tests do) or debugging a bridge.
    public let tap: WireTap?
    /// How each case's process comes to be.
    public let launch: AdapterLaunch
    /// The run's one server, for ``AdapterLaunch/forkServer`` (started with the first case).
    private let forkServer: ForkServer?

    public init(command: [String], environment: AdapterEnvironment = AdapterEnvironment(), limits: Limits = Limits(), tap: WireTap? = nil,
                launch: AdapterLaunch = .exec) {
        self.tap = tap
        self.command = command
        self.environment = environment
        self.limits = limits
        self.launch = launch
        forkServer = launch == .forkServer ? ForkServer(command: command, environment: environment.variables()) : nil
    }

    public var description: String { (command + caseArguments).joined(separator: " ") }

    /// This factory with `arguments` after the command's words (a mutant's or a variant's switches), sharing its fork
    /// server: a matrix of runs pays the adapter's warm-up once, not once per run.
    public func appending(_ arguments: [String]) -> StdioAdapterFactory {
        var copy = self
        copy.caseArguments += arguments
        return copy
    }

    /// Starts the fork server now, on the spawner thread, and returns at once: it warms up in its own process while
    /// mamconf reads the suites, instead of while the first case waits. A server that cannot start is started again,
    /// and its failure reported, by the first case. Nothing to do for an exec'd adapter.
    public func startServerEarly() {
        guard let forkServer else { return }
        SpawnerThread.shared.submit { _ = try? forkServer.start() }
    }

    public func start(dataDirectory: String, handler: any InboundHandler) async throws(AdapterFault) -> any SDKAdapterSession {
        var environment = self.environment.variables()
        environment[AdapterEnvironment.dataDirectoryVariable] = dataDirectory
        let child: ChildProcess
        do {
            if let forkServer {
                child = try await SpawnerThread.shared.run { [caseArguments] in
                    try forkServer.spawn(dataDirectory: dataDirectory, arguments: caseArguments)
                }
            } else {
                child = try await SpawnerThread.shared.run { [command, caseArguments, environment] in
                    try ChildProcess.spawn(command + caseArguments, environment: environment)
                }
            }
        } catch {
            throw .launchFailed("\(error)")
        }
        return StdioAdapterSession(child: child, handler: handler, limits: limits, tap: tap,
                                   marker: "\(AdapterEnvironment.dataDirectoryVariable)=\(dataDirectory)")
    }
}
