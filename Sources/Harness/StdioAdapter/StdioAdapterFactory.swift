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

        public init(lineLimit: Int = 1 << 20, stderrBudget: Int = 256 * 1024) {
            self.lineLimit = lineLimit
            self.stderrBudget = stderrBudget
        }
    }

    public let command: [String]
    public let environment: [String: String]
    public let limits: Limits

    public init(command: [String], environment: [String: String] = [:], limits: Limits = Limits()) {
        self.command = command
        self.environment = environment
        self.limits = limits
    }

    public var description: String { command.joined(separator: " ") }

    public func start(dataDirectory: String, handler: any InboundHandler) async throws(AdapterFault) -> any SDKAdapterSession {
        var environment = self.environment
        environment["MAMCONF_DATA_DIR"] = dataDirectory
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(command, environment: environment)
        } catch {
            throw .launchFailed("\(error)")
        }
        return StdioAdapterSession(child: child, handler: handler, limits: limits)
    }
}
