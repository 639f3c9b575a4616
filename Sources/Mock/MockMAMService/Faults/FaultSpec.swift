import AdapterProtocol
/// The body of `POST /_mock/tenants/{t}/faults`, checked before a fault is armed.
///
/// Checking is strict (unknown fields and route names are refused) because a fault that never matches would make
/// a resilience case pass without exercising anything.
struct FaultSpec: Sendable {
    /// The journal route the fault answers for.
    let route: String
    let answer: FaultAnswer
    /// Real milliseconds to wait before answering (the answer, or the normal one).
    let delayMs: Int?
    /// Whether the answer waits until the harness releases the route (`POST …/faults/release`) instead of for a
    /// time: a case shows that a client does not wait for the service by order, with no clock.
    let hold: Bool
    /// How many requests the fault answers; nil until the tenant's faults are cleared.
    let times: Int?

    /// Why a fault body was refused.
    struct Invalid: Error {
        let reason: String
        /// Set when the route name was unknown, so the answer can list the valid ones.
        var knownRoutes: [String]? = nil
    }

    /// The longest delay a fault may ask for (the suite format's limit, 600 s): a longer one only holds the run.
    static let maximumDelayMs = 600_000

    private static let fields = MockFaultField.injection.map(\.rawValue)

    static func parse(_ body: JSONValue) throws(Invalid) -> FaultSpec {
        guard let object = body.objectValue else { throw Invalid(reason: "the body must be a JSON object") }
        if let unknown = object.keys.sorted().first(where: { !fields.contains($0) }) {
            throw Invalid(reason: "unknown field '\(unknown)' (allowed: \(fields.joined(separator: ", ")))")
        }
        let route = try knownRoute(object[.route])
        let answer = try FaultAnswer.parse(object)
        let delayMs = try delay(object[.delayMs])
        var hold = false
        if let value = object[.hold], !value.isNull {
            guard value.boolValue == true else { throw Invalid(reason: "hold must be true (leave it out otherwise)") }
            hold = true
        }
        if hold, delayMs != nil {
            throw Invalid(reason: "give hold or delayMs, not both: a held answer waits for the release, not for a time")
        }
        if answer == .normal, delayMs == nil, !hold {
            throw Invalid(reason: "a fault needs an answer (status, drop or malformed), a delayMs or hold")
        }
        var times: Int?
        if let value = object[.times], !value.isNull {
            guard let count = value.intValue, count >= 1 else {
                throw Invalid(reason: "times must be an integer >= 1 (omit it to fault until cleared)")
            }
            times = count
        }
        return FaultSpec(route: route, answer: answer, delayMs: delayMs, hold: hold, times: times)
    }

    /// A route name that the journal knows, or the refusal listing the known ones.
    static func knownRoute(_ value: JSONValue?) throws(Invalid) -> String {
        guard let route = value?.stringValue, !route.isEmpty else {
            throw Invalid(reason: "route (a journal route name) is required", knownRoutes: JournalRoutes.all)
        }
        guard JournalRoutes.known.contains(route) else {
            throw Invalid(
                reason: "unknown route '\(route)'; known routes: \(JournalRoutes.all.joined(separator: ", "))",
                knownRoutes: JournalRoutes.all)
        }
        return route
    }

    static func delay(_ value: JSONValue?) throws(Invalid) -> Int? {
        guard let value, !value.isNull else { return nil }
        guard let milliseconds = value.intValue, (1...maximumDelayMs).contains(milliseconds) else {
            throw Invalid(reason: "delayMs must be an integer 1-\(maximumDelayMs)")
        }
        return milliseconds
    }
}
