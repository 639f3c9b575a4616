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
        public var connect: Double
        /// The host answering `hello`.
        public var handshake: Double
        /// A host that announced a relaunch listening again.
        public var relaunch: Double

        public init(connect: Double = 10, handshake: Double = 10, relaunch: Double = 30) {
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
        let result: Result<(Int32, [LineSplitter.Piece]), AdapterFault> = await withCheckedContinuation { continuation in
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
        let (fd, early) = try result.get()
        return NetworkAdapterSession(fd: fd, early: early, factory: self, handler: handler)
    }

    /// Connects and says hello (blocking).
    func open(deadline: Date? = nil) throws(AdapterFault) -> (Int32, [LineSplitter.Piece]) {
        let fd: Int32
        do {
            fd = try SocketConnector.connect(to: address, deadline: deadline ?? Date().addingTimeInterval(deadlines.connect))
        } catch {
            throw .launchFailed("no adapter at \(address.hostAndPort): \(error.description)")
        }
        do {
            let early = try Handshake.greet(fd: fd, address: address, token: token,
                                            deadline: Date().addingTimeInterval(deadlines.handshake), lineLimit: limits.lineLimit)
            return (fd, early)
        } catch {
            _ = close(fd)
            throw error
        }
    }
}
