/// The fields of the mock backend's fault controls (`POST /_mock/tenants/{t}/faults` and `…/fault-schedule`;
/// docs/mock-backend.md), spelled once for the harness's mock driver that sends them and the mock that reads them.
public enum MockFaultField: String, CaseIterable, Sendable {
    case route, status, retryAfter, drop, malformed, delayMs, hold, times
    case routes, rate, faults, seed, limit

    /// The answer a fault gives: one of `status` (with `retryAfter`), `drop` or `malformed`.
    public static let answer: [MockFaultField] = [.status, .retryAfter, .drop, .malformed]
    /// A fault armed on one route.
    public static let injection: [MockFaultField] = [.route] + answer + [.delayMs, .hold, .times]
    /// A seeded schedule of faults.
    public static let schedule: [MockFaultField] = [.routes, .rate, .faults, .seed, .limit]
}

extension Dictionary where Key == String, Value == JSONValue {
    /// The value of a fault control field.
    public subscript(field: MockFaultField) -> JSONValue? {
        get { self[field.rawValue] }
        set { self[field.rawValue] = newValue }
    }
}
