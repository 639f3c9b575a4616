import AdapterProtocol
/// One request a tenant received, as `GET /_mock/tenants/{t}/journal` reports it.
///
/// The journal is the backend-side observation point of the harness (requirements marked "B"): it shows what an
/// integration sent, in arrival order, including requests that were refused.
struct JournalEntry: Sendable, Codable {
    /// The tenant the request was for (the journal file mixes tenants).
    let tenant: String
    let seq: Int
    /// Tenant clock time when the request was handled.
    let at: String
    let method: String
    let path: String
    /// A stable name for the operation (`token.password`, `graph.assign`, `mam.checkin`, …).
    let route: String
    /// The HTTP status sent; 0 when the connection was dropped without an answer.
    let status: Int
    let accountId: String?
    let detail: String?
    /// The fault applied (`status 503 retry-after 2`, `drop`, `malformed`, `delay 300ms`); nil when none.
    let fault: String?
    /// `fnv1a64:<hex>` of the request body; nil when it had none. Enough to tell bodies apart and spot a resend.
    let bodyDigest: String?
    /// For token requests: the client id and the authority they named (ENR-15).
    var signIn: SignInParty? = nil

    func json() -> JSONValue {
        var object: [String: JSONValue] = [
            "seq": .number(Double(seq)), "at": .string(at), "method": .string(method), "path": .string(path),
            "route": .string(route), "status": .number(Double(status)), "tenant": .string(tenant),
        ]
        if let accountId { object["accountId"] = .string(accountId) }
        if let detail { object["detail"] = .string(detail) }
        if let fault { object["fault"] = .string(fault) }
        if let bodyDigest { object["bodyDigest"] = .string(bodyDigest) }
        if let signIn {
            if let clientId = signIn.clientId { object["clientId"] = .string(clientId) }
            object["authority"] = .string(signIn.authority)
        }
        return .object(object)
    }
}

/// The party behind a token request: the client id it sent and the authority it asked (`common`, or the tenant's
/// id for the tenant's own authority).
struct SignInParty: Sendable, Codable, Hashable {
    var clientId: String?
    var authority: String
}

/// FNV-1a, 64-bit: a fast, dependency-free digest for the journal (not for security).
enum BodyDigest {
    static func of(_ bytes: [UInt8]) -> String? {
        guard !bytes.isEmpty else { return nil }
        var fnv = FNV1a()
        fnv.combine(bytes)
        return "fnv1a64:" + fnv.hex
    }
}
