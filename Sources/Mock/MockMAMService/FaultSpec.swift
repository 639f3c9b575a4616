import AdapterProtocol
/// The body of `POST /_mock/tenants/{t}/faults`, checked before a fault is armed.
///
/// Checking is strict (unknown fields and route names are refused) because a fault that never matches would make
/// a resilience case pass without exercising anything.
struct FaultSpec: Sendable {
    /// The journal route the fault answers for.
    let route: String
    /// The HTTP error status the faulted requests get (400–599).
    let status: Int
    /// How many requests the fault answers; nil until the tenant's faults are cleared.
    let times: Int?

    /// Why a fault body was refused.
    struct Invalid: Error {
        let reason: String
        /// Set when the route name was unknown, so the answer can list the valid ones.
        var knownRoutes: [String]? = nil
    }

    private static let fields: Set<String> = ["route", "status", "times"]

    static func parse(_ body: JSONValue) throws(Invalid) -> FaultSpec {
        guard let object = body.objectValue else { throw Invalid(reason: "the body must be a JSON object") }
        if let unknown = object.keys.sorted().first(where: { !fields.contains($0) }) {
            throw Invalid(reason: "unknown field '\(unknown)' (allowed: route, status, times)")
        }
        guard let route = object["route"]?.stringValue, !route.isEmpty else {
            throw Invalid(reason: "route (a journal route name) is required", knownRoutes: JournalRoutes.all)
        }
        guard JournalRoutes.known.contains(route) else {
            throw Invalid(
                reason: "unknown route '\(route)'; known routes: \(JournalRoutes.all.joined(separator: ", "))",
                knownRoutes: JournalRoutes.all)
        }
        guard let status = object["status"]?.intValue, (400...599).contains(status) else {
            throw Invalid(reason: "status must be an HTTP error status (an integer 400-599)")
        }
        var times: Int?
        if let value = object["times"], !value.isNull {
            guard let count = value.intValue, count >= 1 else {
                throw Invalid(reason: "times must be an integer >= 1 (omit it to fault until cleared)")
            }
            times = count
        }
        return FaultSpec(route: route, status: status, times: times)
    }
}
