import AdapterProtocol

/// Where and how a test host listens for the runner (`mamconf run --adapter tcp://HOST:PORT`).
///
/// A simulator shares the Mac's loopback, and a USB device is reached through a forwarded port, so the
/// default is loopback: a test host that listens on every interface exposes an app holding corporate data to
/// the network, and must be asked to.
public struct ListenConfiguration: Sendable, Equatable {
    /// The address to bind: `127.0.0.1` by default; `0.0.0.0` or `::` for every interface.
    public var host: String
    /// The port; 0 lets the system pick one (read it back from `AdapterServer.boundPort`).
    public var port: UInt16
    /// The shared secret the runner must present in `hello` before anything else; nil accepts any runner on
    /// the address. Never logged.
    public var token: String?
    /// How long a runner whose `hello` was accepted waits for the session to end (when it reconnects for its next
    /// case just before the previous session has ended) before it is refused as busy.
    public var busyGrace: Duration
    /// How long a new connection has, from when it is accepted, to say a valid `hello`; then it is closed. A
    /// runner says it at once; a connection that does not is not a runner.
    public var helloDeadline: Duration
    /// Most connections that have not said `hello` (or wait for the session) at once; at the bound, the one
    /// waiting longest is closed to make room, so idle connections never keep a runner out.
    public var waitingLimit: Int

    /// The environment variable a test host reads the token from.
    public static let tokenVariable = HelloParams.tokenVariable

    public init(host: String = "127.0.0.1", port: UInt16, token: String? = nil, busyGrace: Duration = .seconds(2),
                helloDeadline: Duration = .seconds(5), waitingLimit: Int = 8) {
        self.host = host
        self.port = port
        self.token = token
        self.busyGrace = busyGrace
        self.helloDeadline = helloDeadline
        self.waitingLimit = waitingLimit
    }
}
