import Foundation

/// Blocking clients lent out one request at a time, so requests made one after another share a kept-alive
/// connection, while requests made at the same moment on different threads each get a client, and a connection,
/// of their own: none waits for another's answer.
///
/// For callers on plain threads that may overlap (an app's handler and auth queues), where one
/// ``BlockingHTTPClient`` would need its own discipline. A fresh connection for every request was a sixth of the
/// mock's work per request in the reference's runs (issue 30): the accept, the channel's set-up and its close.
public final class BlockingHTTPClientPool: Sendable {
    /// Limits of every request sent through this pool.
    public let timeouts: HTTPTimeouts
    /// The largest response body accepted (see ``BlockingHTTPClient/maximumResponseBytes``).
    public let maximumResponseBytes: Int
    /// Idle clients kept at most; a client given back beyond that is closed.
    public var idleLimit: Int { clients.idleLimit }

    private let clients: IdleClients

    public init(timeouts: HTTPTimeouts = .default, maximumResponseBytes: Int = HTTPResponse.defaultMaximumBodyBytes,
                idleLimit: Int = 2) {
        self.timeouts = timeouts
        self.maximumResponseBytes = maximumResponseBytes
        clients = IdleClients(idleLimit: max(0, idleLimit))
    }

    private init(timeouts: HTTPTimeouts, maximumResponseBytes: Int, clients: IdleClients) {
        self.timeouts = timeouts
        self.maximumResponseBytes = maximumResponseBytes
        self.clients = clients
    }

    /// The process's pool, for every blocking caller that talks to the same servers. In the reference one case's app
    /// sign-in, SDK service client and device channel all talk to one mock: with a pool each (and new ones at every
    /// relaunch in the process) a case opened 4.6 connections, each an accept and a channel set-up in the mock.
    public static let shared = BlockingHTTPClientPool(idleLimit: 3)

    /// The same clients, and so the same kept-alive connections, under other limits: callers with timeouts of their
    /// own share one pool's connections.
    public func limited(to timeouts: HTTPTimeouts) -> BlockingHTTPClientPool {
        BlockingHTTPClientPool(timeouts: timeouts, maximumResponseBytes: maximumResponseBytes, clients: clients)
    }

    /// Sends `request` over an idle client (or a new one) and blocks until the response is complete or a limit in
    /// ``timeouts`` expires; the client is idle again afterwards. As ``BlockingHTTPClient/send(_:)``: HTTP error
    /// statuses are returned, only transport failures throw.
    public func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        let client = clients.lend() ?? BlockingHTTPClient(timeouts: timeouts, maximumResponseBytes: maximumResponseBytes)
        client.timeouts = timeouts
        let before = client.connectionsOpened
        defer { clients.giveBack(client, newConnections: client.connectionsOpened - before) }
        return try client.send(request)
    }

    /// New TCP connections the clients of this pool (and of the pools ``limited(to:)`` made from it) have opened: one
    /// for a run of requests made one after another.
    public var connectionsOpened: Int { clients.opened }
}

/// The idle clients pools share, and the count of connections their clients opened.
private final class IdleClients: Sendable {
    let idleLimit: Int
    private let lock = NSLock()
    /// Only touched under `lock`.
    nonisolated(unsafe) private var idle: [BlockingHTTPClient] = []
    /// Connections the clients opened, closed clients included. Only touched under `lock`.
    nonisolated(unsafe) private var openedCount = 0

    init(idleLimit: Int) {
        self.idleLimit = idleLimit
    }

    /// An idle client, now the caller's alone, or nil when none is idle.
    func lend() -> BlockingHTTPClient? {
        lock.withLock { idle.popLast() }
    }

    func giveBack(_ client: BlockingHTTPClient, newConnections: Int) {
        lock.withLock {
            openedCount += newConnections
            if idle.count < idleLimit { idle.append(client) }
        }
    }

    var opened: Int { lock.withLock { openedCount } }
}
