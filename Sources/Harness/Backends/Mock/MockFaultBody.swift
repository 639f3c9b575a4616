import AdapterProtocol
import ConformanceCore

/// The mock's JSON for faults (`POST /_mock/tenants/{t}/faults` and `…/fault-schedule`; docs/mock-backend.md).
enum MockFaultBody {
    static func injection(_ fault: FaultInjection) -> JSONValue {
        var body = answer(fault.answer)
        body[.route] = .string(fault.route.rawValue)
        if let delay = fault.delay { body[.delayMs] = .number((delay.inSeconds * 1000).rounded()) }
        if fault.hold { body[.hold] = true }
        if let times = fault.times { body[.times] = .number(Double(times)) }
        return .object(body)
    }

    static func release(_ route: ServiceRoute) -> JSONValue {
        [MockFaultField.route.rawValue: .string(route.rawValue)]
    }

    static func schedule(_ schedule: FaultSchedule) -> JSONValue {
        var body: [String: JSONValue] = [:]
        body[.routes] = .array(schedule.routes.map { .string($0.rawValue) })
        body[.rate] = .number(schedule.rate)
        body[.faults] = .array(schedule.answers.map { .object(answer($0)) })
        // Decimal text: a JSON number loses the low bits of a 64-bit seed.
        body[.seed] = .string(String(schedule.seed ?? 0))
        if let limit = schedule.limit { body[.limit] = .number(Double(limit)) }
        return .object(body)
    }

    private static func answer(_ answer: FaultInjection.Answer) -> [String: JSONValue] {
        switch answer {
        case .status(let status, let retryAfter):
            var body: [String: JSONValue] = [:]
            body[.status] = .number(Double(status))
            if let retryAfter { body[.retryAfter] = .number(Double(retryAfter)) }
            return body
        case .drop: return [MockFaultField.drop.rawValue: true]
        case .malformed: return [MockFaultField.malformed.rawValue: true]
        case .normal: return [:]
        }
    }
}
