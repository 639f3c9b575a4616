import AdapterProtocol
import Hummingbird

/// An armed fault of one tenant: requests on `route` get `answer` (after `delayMs`) instead of the normal processing.
///
/// Faults let resilience cases (retry, back-off, timeouts, error surfacing) make the service fail on demand without
/// a special code path in the faces: ``TenantEndpoint`` consults them after routing and before any processing.
struct InjectedFault: Sendable, Codable {
    let id: String
    let route: String
    let answer: FaultAnswer
    let delayMs: Int?
    /// True when the answer waits for the route's release (``HeldRequests``); nil in a state file saved before
    /// holds existed, which means no hold.
    var hold: Bool?
    /// Requests still to be faulted; nil until cleared.
    var remaining: Int?

    /// Whether the answer waits for a release.
    var holds: Bool { hold == true }

    /// The fault as `GET /_mock/tenants/{t}/faults` lists it.
    func json() -> JSONValue {
        var object = answer.fields
        object["faultId"] = .string(id)
        object[.route] = .string(route)
        object["remaining"] = remaining.map { .number(Double($0)) } ?? .null
        if let delayMs { object[.delayMs] = .number(Double(delayMs)) }
        if holds { object[.hold] = true }
        return .object(object)
    }
}

/// What the tenant decided for one request: the answer to give instead of processing it (nil: process it) and how
/// long to hold the answer back.
struct AppliedFault: Sendable {
    let answer: FaultAnswer
    let delayMs: Int?
    /// Whether the answer waits for the route's release.
    var hold = false
    /// The seed of the schedule that decided the fault, if one did: in the journal, so a run can be replayed.
    var scheduleSeed: UInt64? = nil

    /// The journal's `fault` field: `status 503 retry-after 2`, `drop`, `malformed`, `delay 300ms` or `hold`, or an
    /// answer with one of the last two; a scheduled one ends with `(schedule seed N)`.
    var journalText: String {
        [answer.journalText, delayMs.map { "delay \($0)ms" }, hold ? "hold" : nil, scheduleSeed.map { "(schedule seed \($0))" }]
            .compactMap { $0 }.joined(separator: " ")
    }

    /// The reply that replaces the normal one, or nil when the normal processing answers (a pure delay or hold).
    func reply(route: String) -> Reply? {
        switch answer {
        case .normal:
            return nil
        case .status(let status, let retryAfter):
            var reply = Reply.json(
                HTTPResponse.Status(code: status), ["error": "injected-fault", "route": .string(route)])
            if let retryAfter { reply.headers[.retryAfter] = String(retryAfter) }
            return reply.with(route: route, detail: "injected fault")
        case .drop:
            var reply = Reply(status: .ok, body: nil)
            reply.dropConnection = true
            return reply.with(route: route, detail: "injected fault")
        case .malformed:
            var reply = Reply(status: .ok, body: nil)
            reply.rawBody = Array(#"{"value":[{"id":"trunc"#.utf8)
            return reply.with(route: route, detail: "injected fault")
        }
    }
}
