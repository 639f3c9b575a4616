/// A synchronous HTTP/1.1 client over one reused libcurl easy handle.
///
/// For code that already runs on a thread of its own (the reference SDK's worker threads), where an
/// actor hop per request would only add latency. It blocks the calling thread for the whole transfer,
/// so never call it from Swift concurrency's cooperative pool; use ``HTTPClient`` there.
///
/// Both clients speak HTTP/1.1 only, never use a proxy (all harness traffic is local, and a machine's
/// proxy variables must not reroute it), and do not follow redirects (the harness asserts on them).
///
/// Not `Sendable`: the easy handle must be used by one thread at a time. Hand the client to another
/// thread only when the previous one is done with it.
public final class BlockingHTTPClient {
    /// Limits applied to each subsequent request.
    public var timeouts: HTTPTimeouts
    /// The largest response body accepted; a larger one aborts its transfer with
    /// ``HTTPClientError/responseTooLarge(limit:method:url:)`` (default ``HTTPResponse/defaultMaximumBodyBytes``).
    public let maximumResponseBytes: Int
    private var handle = EasyHandle()

    public init(timeouts: HTTPTimeouts = .default, maximumResponseBytes: Int = HTTPResponse.defaultMaximumBodyBytes) {
        self.timeouts = timeouts
        self.maximumResponseBytes = maximumResponseBytes
    }

    /// New TCP connections this client has opened; stays at 1 while keep-alive works.
    public var connectionsOpened: Int { handle.connectionsOpened }

    /// Sends `request` and blocks until the response is complete or a limit in ``timeouts`` expires.
    /// HTTP error statuses are returned as responses; only transport failures throw.
    public func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        try handle.perform(request, timeouts: timeouts, maximumResponseBytes: maximumResponseBytes)
    }
}

@available(*, unavailable, message: "one easy handle must not be used from two threads at once")
extension BlockingHTTPClient: Sendable {}
