import Atomics

/// Counters behind `GET /_mock/stats`.
///
/// Connections are counted at the TCP level (see ``ConnectionCountingHandler``), not per request, so the harness can
/// check that an HTTP client reuses its keep-alive connection.
final class ServerStatistics: Sendable {
    private let acceptedConnections = ManagedAtomic<Int>(0)
    private let servedRequests = ManagedAtomic<Int>(0)

    var connections: Int { acceptedConnections.load(ordering: .relaxed) }
    var requests: Int { servedRequests.load(ordering: .relaxed) }

    func connectionAccepted() {
        acceptedConnections.wrappingIncrement(ordering: .relaxed)
    }

    func requestReceived() {
        servedRequests.wrappingIncrement(ordering: .relaxed)
    }
}
