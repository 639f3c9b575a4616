import AdapterProtocol

/// Starts integrations under test. One session per case, so a crashed or confused integration can
/// never leak state into the next case.
public protocol SDKAdapterFactory: Sendable {
    /// What is being driven, for reports (e.g. the adapter command line).
    var description: String { get }
    /// Starts the integration. `handler` receives everything the integration says on its own initiative.
    func start(dataDirectory: String, handler: any InboundHandler) async throws(AdapterFault) -> any SDKAdapterSession
    /// How one case is kept apart from the next.
    var isolation: AdapterIsolation { get }
}

extension SDKAdapterFactory {
    public var isolation: AdapterIsolation { .freshProcess }
}

/// How cases are kept apart, which decides what the runner sends at the start of a case.
public enum AdapterIsolation: Sendable {
    /// A new process per case, in the per-case data directory the runner made (and sends in `initialize`).
    case freshProcess
    /// One long-lived test host (on a device or simulator) with its own storage: `initialize` carries no data
    /// directory, and `reset` returns the app to a fresh install before the case's first step.
    case resetBetweenCases
}

/// A running integration, seen through the adapter protocol.
public protocol SDKAdapterSession: Sendable {
    /// Sends a request and waits for its answer, at most `timeout` of wall time. Every message
    /// the integration sent before the answer has been passed to the handler by the time this returns,
    /// which is what makes `sync` a reliable barrier.
    func request(_ method: String, params: JSONValue, timeout: Duration) async throws(AdapterFault) -> JSONValue
    /// Ends the integration (politely if possible, then by force) and reports how it ended.
    func terminate(grace: Duration) async -> AdapterTermination
}

/// Receives what the integration sends on its own initiative, in arrival order, on the adapter's reader
/// thread. Implementations must not block: they record and answer from state they already hold.
public protocol InboundHandler: Sendable {
    func notification(method: String, params: JSONValue)
    /// A question (`delegate.*`, `ui.*`): the answer goes straight back to the integration.
    func question(method: String, params: JSONValue) -> Result<JSONValue, RPCError>
    /// A line the integration wrote outside the protocol (stderr).
    func diagnostic(_ line: String)
    /// The channel broke: the integration exited or spoke something that is not the protocol.
    func fault(_ fault: AdapterFault)
}

/// How an integration process ended.
public struct AdapterTermination: Sendable {
    public var exitDescription: String
    public var stderrTail: [String]
    /// Set when the process died of a crash of its own (SIGSEGV, SIGABRT, SIGILL, …) rather than ending when told
    /// to: a case whose steps all passed is then an error, because an integration that crashes as it shuts down
    /// loses what it had not yet saved.
    public var crash: String?

    public init(exitDescription: String, stderrTail: [String], crash: String? = nil) {
        self.exitDescription = exitDescription
        self.stderrTail = stderrTail
        self.crash = crash
    }
}

/// Why talking to an integration failed. These are integration faults, reported as `<error>`, not as
/// a failed expectation.
public enum AdapterFault: Error, Sendable, CustomStringConvertible {
    case launchFailed(String)
    case exited(String)
    case timeout(method: String, after: Duration)
    /// The integration stopped reading its input: a write to it made no progress for that long.
    case notReading(after: Duration)
    case protocolViolation(String)
    case rejected(method: String, error: RPCError)
    /// The connection to a network test host broke (closed without announcing a relaunch, or a relaunched host
    /// did not come back).
    case connectionLost(String)

    public var description: String {
        switch self {
        case .launchFailed(let why): return "adapter could not be started: \(why)"
        case .exited(let how): return "adapter exited: \(how)"
        case .timeout(let method, let limit):
            return "adapter did not answer \(method) within \(limit.limitText) s"
        case .notReading(let stall):
            return "adapter stopped reading its input (a write made no progress for \(stall.limitText) s)"
        case .protocolViolation(let why): return "adapter protocol violation: \(why)"
        case .rejected(let method, let error): return "adapter rejected \(method): \(error)"
        case .connectionLost(let why): return "adapter connection lost: \(why)"
        }
    }

}
