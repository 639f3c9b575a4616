import AdapterProtocol
import ConformanceCore

/// An integration's session carrying the ``CheckRecord`` of what it said, and handing the raw answer to
/// `initialize` to it: the `handshake` row judges that against the protocol's schema.
struct CheckSession: SDKAdapterSession {
    let inner: any SDKAdapterSession
    let record: CheckRecord

    func request(_ method: String, params: JSONValue, timeout: Duration) async throws(AdapterFault) -> JSONValue {
        let answer = try await inner.request(method, params: params, timeout: timeout)
        if method == RunnerMethod.initialize.rawValue { record.answered(initialize: answer) }
        return answer
    }

    func terminate(grace: Duration) async -> AdapterTermination {
        await inner.terminate(grace: grace)
    }
}
