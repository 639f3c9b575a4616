/// An async HTTP/1.1 client: one reused libcurl easy handle inside an actor.
///
/// The actor's executor is its own serial DispatchQueue (``QueueExecutor``), so each blocking
/// `curl_easy_perform` runs there and never ties up Swift's cooperative thread pool (two threads on
/// the CI machines). Requests from many tasks are served one at a time over one keep-alive connection;
/// create several clients for parallel transfers.
public actor HTTPClient {
    private let executor: QueueExecutor
    private var handle = EasyHandle()
    /// Limits applied to each subsequent request.
    public var timeouts: HTTPTimeouts
    /// The largest response body accepted; a larger one aborts its transfer with
    /// ``HTTPClientError/responseTooLarge(limit:method:url:)`` (default ``HTTPResponse/defaultMaximumBodyBytes``).
    public let maximumResponseBytes: Int

    /// - Parameter label: the DispatchQueue label, visible in debuggers and thread dumps.
    public init(label: String = "mamconf.http", timeouts: HTTPTimeouts = .default,
                maximumResponseBytes: Int = HTTPResponse.defaultMaximumBodyBytes) {
        executor = QueueExecutor(label: label)
        self.timeouts = timeouts
        self.maximumResponseBytes = maximumResponseBytes
    }

    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// New TCP connections this client has opened; stays at 1 while keep-alive works.
    public var connectionsOpened: Int { handle.connectionsOpened }

    /// Changes the limits for subsequent requests.
    public func setTimeouts(_ timeouts: HTTPTimeouts) {
        self.timeouts = timeouts
    }

    /// Sends `request` and suspends until the response is complete or a limit in ``timeouts`` expires.
    /// HTTP error statuses are returned as responses; only transport failures throw.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        try handle.perform(request, timeouts: timeouts, maximumResponseBytes: maximumResponseBytes)
    }
}
