import AdapterProtocol
import Hummingbird

/// An armed fault of one tenant: requests on `route` are answered with `status` instead of being processed.
///
/// Faults let resilience cases (retry, back-off, error surfacing) make the service fail on demand without a
/// special code path in the faces: ``TenantEndpoint`` consults them after routing and before any processing.
struct InjectedFault: Sendable {
    let id: String
    let route: String
    let status: Int
    /// Requests still to be faulted; nil until cleared.
    var remaining: Int?

    /// The answer a faulted request gets: `{"error":"injected-fault","route":…}`, journalled as "injected fault".
    var reply: Reply {
        Reply.json(HTTPResponse.Status(code: status), ["error": "injected-fault", "route": .string(route)])
            .with(route: route, detail: "injected fault")
    }

    /// The fault as `GET /_mock/tenants/{t}/faults` lists it.
    func json() -> JSONValue {
        [
            "faultId": .string(id), "route": .string(route), "status": .number(Double(status)),
            "remaining": remaining.map { .number(Double($0)) } ?? .null,
        ]
    }
}
