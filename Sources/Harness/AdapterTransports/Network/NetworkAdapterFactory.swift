import AdapterProtocol
import ConformanceCore
import Foundation

/// Reaches an integration's test host over TCP (`--adapter tcp://HOST:PORT`): a simulator's loopback, a USB
/// device's forwarded port, a host in another network namespace. One connection per case; the host's process
/// outlives the case, so cases are isolated by the protocol's `reset`.
public struct NetworkAdapterFactory: SDKAdapterFactory {
    /// Deadlines of the network transport, before the deadline scale.
    public struct Deadlines: Sendable {
        /// Connecting to the host.
        public var connect: Duration
        /// The host answering `hello`.
        public var handshake: Duration
        /// A host that announced a relaunch listening again.
        public var relaunch: Duration

        public init(connect: Duration = .seconds(10), handshake: Duration = .seconds(10), relaunch: Duration = .seconds(30)) {
            self.connect = connect
            self.handshake = handshake
            self.relaunch = relaunch
        }
    }

    public let address: AdapterAddress
    /// The shared secret the host may require. Never logged or reported.
    public let token: String?
    public let deadlines: Deadlines
    public let limits: StdioAdapterFactory.Limits
    public let tap: WireTap?

    public init(address: AdapterAddress, token: String? = nil, deadlines: Deadlines = Deadlines(),
                limits: StdioAdapterFactory.Limits = .init(), tap: WireTap? = nil) {
        self.address = address
        self.token = token
        self.deadlines = deadlines
        self.limits = limits
        self.tap = tap
    }

    public var description: String { address.description }

    public var isolation: AdapterIsolation { .resetBetweenCases }

    public func start(dataDirectory: String, handler: any InboundHandler) async throws(AdapterFault) -> any SDKAdapterSession {
        let result: Result<(Int32, Handshake.Leftover), AdapterFault> = await withCheckedContinuation { continuation in
            // Connecting and the handshake block: on a thread of their own, never the concurrency pool.
            let thread = Thread { [self] in
                do throws(AdapterFault) {
                    continuation.resume(returning: .success(try open()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
            thread.name = "mamconf.adapter.connect"
            thread.start()
        }
        let (fd, leftover) = try result.get()
        return NetworkAdapterSession(fd: fd, leftover: leftover, factory: self, handler: handler)
    }

    /// Connects and says hello (blocking). Returns the connection and what the host sent after its answer.
    func open(deadline: Date? = nil) throws(AdapterFault) -> (Int32, Handshake.Leftover) {
        let fd: Int32
        do {
            fd = try SocketConnector.connect(to: address, deadline: deadline ?? Date().addingTimeInterval(deadlines.connect.inSeconds))
        } catch {
            throw .launchFailed("no adapter at \(address.hostAndPort): \(error.description)")
        }
        do {
            let leftover = try Handshake.greet(fd: fd, address: address, token: token,
                                               deadline: Date().addingTimeInterval(deadlines.handshake.inSeconds), lineLimit: limits.lineLimit)
            return (fd, leftover)
        } catch {
            _ = close(fd)
            throw error
        }
    }
}
