import CurlHTTP

/// The mock driver's HTTP clients, one per tenant in flight: each arranged tenant leases a client (its own
/// keep-alive connection) and gives it back at teardown.
///
/// One shared client served every case's calls one at a time, so with `--jobs N` the cases queued behind each
/// other's arrangement; a client per case in flight lets them overlap, and a serial run keeps two connections (the
/// case that runs, and the next, which arranges its tenant meanwhile).
actor HTTPClientPool {
    private var idle: [HTTPClient]
    private var all: [HTTPClient]
    private let timeouts: HTTPTimeouts

    /// - Parameter first: the client the pool starts with (the control client's, so no run opens one more than it needs).
    init(first: HTTPClient, timeouts: HTTPTimeouts) {
        idle = [first]
        all = [first]
        self.timeouts = timeouts
    }

    /// An idle client, or a new one when every client is leased.
    func lease() -> HTTPClient {
        if let client = idle.popLast() { return client }
        let client = HTTPClient(label: "mamconf.backend.\(all.count)", timeouts: timeouts)
        all.append(client)
        return client
    }

    func giveBack(_ client: HTTPClient) {
        idle.append(client)
    }

    /// Connections every client of the pool opened so far.
    var connectionsOpened: Int {
        get async {
            var total = 0
            for client in all { total += await client.connectionsOpened }
            return total
        }
    }
}
