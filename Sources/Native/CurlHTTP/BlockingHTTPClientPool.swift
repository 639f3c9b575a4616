import Foundation

/// Blocking clients lent out one request at a time, so requests made one after another share a kept-alive
/// connection, while requests made at the same moment on different threads each get a client, and a connection,
/// of their own: none waits for another's answer.
///
/// For callers on plain threads that may overlap (an app's handler and auth queues), where one
/// ``BlockingHTTPClient`` would need its own discipline. A fresh connection for every request was a sixth of the
/// mock's work per request in the reference's runs (issue 30): the accept, the channel's set-up and its close.
public final class BlockingHTTPClientPool: Sendable {
    /// Limits of every request.
    public let timeouts: HTTPTimeouts
    /// The largest response body accepted (see ``BlockingHTTPClient/maximumResponseBytes``).
    public let maximumResponseBytes: Int
    /// Idle clients kept at most; a client given back beyond that is closed.
    public let idleLimit: Int

    private let lock = NSLock()
    /// Only touched under `lock`.
    nonisolated(unsafe) private var idle: [BlockingHTTPClient] = []
    /// Connections the pool's clients opened, closed clients included. Only touched under `lock`.
    nonisolated(unsafe) private var opened = 0

    public init(timeouts: HTTPTimeouts = .default, maximumResponseBytes: Int = HTTPResponse.defaultMaximumBodyBytes,
                idleLimit: Int = 2) {
        self.timeouts = timeouts
        self.maximumResponseBytes = maximumResponseBytes
        self.idleLimit = max(0, idleLimit)
    }

    /// Sends `request` over an idle client (or a new one) and blocks until the response is complete or a limit in
    /// ``timeouts`` expires; the client is idle again afterwards. As ``BlockingHTTPClient/send(_:)``: HTTP error
    /// statuses are returned, only transport failures throw.
    public func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        let client = lock.withLock { idle.popLast() }
            ?? BlockingHTTPClient(timeouts: timeouts, maximumResponseBytes: maximumResponseBytes)
        let before = client.connectionsOpened
        defer {
            let newConnections = client.connectionsOpened - before
            lock.withLock {
                opened += newConnections
                if idle.count < idleLimit { idle.append(client) }
            }
        }
        return try client.send(request)
    }

    /// New TCP connections the pool's clients have opened: one for a run of requests made one after another.
    public var connectionsOpened: Int { lock.withLock { opened } }
}
