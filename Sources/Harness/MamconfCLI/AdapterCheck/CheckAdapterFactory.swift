import AdapterProtocol
import AdapterTransports
import ConformanceCore

/// The integration's own factory, with a witness at its side: each integration starts with a wire tap of its own
/// and a ``CheckHandler`` before the case's event log, and its session (a ``CheckSession``) carries the
/// ``CheckRecord`` the probes judge by. Everything else passes through unchanged.
struct CheckAdapterFactory: SDKAdapterFactory {
    /// Makes the integration's factory with a given wire tap (the options' factory, or a test's).
    let make: @Sendable (@escaping WireTap) throws(AdapterFault) -> any SDKAdapterFactory
    let description: String
    let isolation: AdapterIsolation

    /// Checks `make` once up front, so options it refuses stop the check before any row runs.
    init(make: @escaping @Sendable (@escaping WireTap) throws(AdapterFault) -> any SDKAdapterFactory) throws(AdapterFault) {
        let sample = try make { _, _ in }
        self.make = make
        self.description = sample.description
        self.isolation = sample.isolation
    }

    func start(dataDirectory: String, handler: any InboundHandler) async throws(AdapterFault) -> any SDKAdapterSession {
        let wire = WireLines()
        let record = CheckRecord(handler: CheckHandler(forwardingTo: handler), wire: wire)
        let session = try await make(wire.tap).start(dataDirectory: dataDirectory, handler: record.handler)
        return CheckSession(inner: session, record: record)
    }
}
