import AdapterProtocol
/// One request a tenant received, as `GET /_mock/tenants/{t}/journal` reports it.
///
/// The journal is the backend-side observation point of the harness (requirements marked "B"): it shows what an
/// integration sent, in arrival order, including requests that were refused.
struct JournalEntry: Sendable {
    let seq: Int
    /// Tenant clock time when the request was handled.
    let at: String
    let method: String
    let path: String
    /// A stable name for the operation (`token.password`, `graph.assign`, `mam.checkin`, …).
    let route: String
    let status: Int
    let accountId: String?
    let detail: String?

    func json() -> JSONValue {
        var object: [String: JSONValue] = [
            "seq": .number(Double(seq)), "at": .string(at), "method": .string(method), "path": .string(path),
            "route": .string(route), "status": .number(Double(status)),
        ]
        if let accountId { object["accountId"] = .string(accountId) }
        if let detail { object["detail"] = .string(detail) }
        return .object(object)
    }
}
