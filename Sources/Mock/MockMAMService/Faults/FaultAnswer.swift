import AdapterProtocol

/// How a faulted request is answered: what a flaky service, a throttling gateway or a dead connection looks like
/// to the client.
enum FaultAnswer: Sendable, Codable, Hashable {
    /// An HTTP error status, with a `Retry-After` header (seconds) when given.
    case status(Int, retryAfter: Int?)
    /// The connection is closed without any answer.
    case drop
    /// HTTP 200 whose body is cut off mid-JSON.
    case malformed
    /// The normal answer (only meaningful with a delay).
    case normal

    /// Reads the answer fields of a fault body (`status` with optional `retryAfter`, `drop`, `malformed`); at most one
    /// kind may be given; none means the normal answer.
    static func parse(_ object: [String: JSONValue]) throws(FaultSpec.Invalid) -> FaultAnswer {
        let kinds = [MockFaultField.status, .drop, .malformed].filter { object[$0] != nil && object[$0]?.isNull == false }
        guard kinds.count <= 1 else {
            throw FaultSpec.Invalid(reason: "give one answer kind, not \(kinds.map(\.rawValue).joined(separator: " and "))")
        }
        if object[.retryAfter] != nil, kinds.first != .status {
            throw FaultSpec.Invalid(reason: "retryAfter goes with status (a Retry-After header on the error answer)")
        }
        switch kinds.first {
        case .status?:
            guard let status = object[.status]?.intValue, (400...599).contains(status) else {
                throw FaultSpec.Invalid(reason: "status must be an HTTP error status (an integer 400-599)")
            }
            var retryAfter: Int?
            if let value = object[.retryAfter], !value.isNull {
                guard let seconds = value.intValue, seconds >= 0 else {
                    throw FaultSpec.Invalid(reason: "retryAfter must be a number of seconds >= 0")
                }
                retryAfter = seconds
            }
            return .status(status, retryAfter: retryAfter)
        case .drop?:
            guard object[.drop]?.boolValue == true else { throw FaultSpec.Invalid(reason: "drop must be true") }
            return .drop
        case .malformed?:
            guard object[.malformed]?.boolValue == true else { throw FaultSpec.Invalid(reason: "malformed must be true") }
            return .malformed
        default:
            return .normal
        }
    }

    /// The answer as the faults listing shows it (the same fields it was armed with).
    var fields: [String: JSONValue] {
        switch self {
        case .status(let status, let retryAfter):
            var fields: [String: JSONValue] = [:]
            fields[.status] = .number(Double(status))
            if let retryAfter { fields[.retryAfter] = .number(Double(retryAfter)) }
            return fields
        case .drop: return [MockFaultField.drop.rawValue: true]
        case .malformed: return [MockFaultField.malformed.rawValue: true]
        case .normal: return [:]
        }
    }

    /// How the journal names the answer (`status 503 retry-after 2`, `drop`, `malformed`); nil for the normal one.
    var journalText: String? {
        switch self {
        case .status(let status, let retryAfter?): return "status \(status) retry-after \(retryAfter)"
        case .status(let status, nil): return "status \(status)"
        case .drop: return "drop"
        case .malformed: return "malformed"
        case .normal: return nil
        }
    }
}
