import AdapterProtocol

/// Faults at random on some routes, decided by a seeded generator: the body of
/// `POST /_mock/tenants/{t}/fault-schedule` and its running state.
///
/// Each request on one of `routes` draws once: with probability `rate` it is faulted, and a second draw picks which
/// of `answers`. The same seed and the same sequence of requests give the same faults, so a failing run replays
/// exactly with `mamconf run --fault-seed`.
struct SeededFaultSchedule: Sendable, Codable {
    let id: String
    let routes: Set<String>
    let rate: Double
    let answers: [FaultAnswer]
    let seed: UInt64
    let limit: Int?
    private(set) var generator: SplitMix64
    private(set) var injected = 0

    private static let fields = MockFaultField.schedule.map(\.rawValue)

    static func parse(_ body: JSONValue, id: String) throws(FaultSpec.Invalid) -> SeededFaultSchedule {
        guard let object = body.objectValue else { throw FaultSpec.Invalid(reason: "the body must be a JSON object") }
        if let unknown = object.keys.sorted().first(where: { !fields.contains($0) }) {
            throw FaultSpec.Invalid(reason: "unknown field '\(unknown)' (allowed: \(fields.joined(separator: ", ")))")
        }
        guard let routeValues = object[.routes]?.arrayValue, !routeValues.isEmpty else {
            throw FaultSpec.Invalid(reason: "routes (a non-empty list of journal route names) is required",
                                    knownRoutes: JournalRoutes.all)
        }
        var routes: Set<String> = []
        for value in routeValues { routes.insert(try FaultSpec.knownRoute(value)) }
        guard let rate = object[.rate]?.doubleValue, rate > 0, rate <= 1 else {
            throw FaultSpec.Invalid(reason: "rate must be a number in (0, 1]")
        }
        guard let answerValues = object[.faults]?.arrayValue, !answerValues.isEmpty else {
            throw FaultSpec.Invalid(reason: "faults (a non-empty list of answers) is required")
        }
        var answers: [FaultAnswer] = []
        for value in answerValues {
            guard let fields = value.objectValue else { throw FaultSpec.Invalid(reason: "each of faults must be an object") }
            if let unknown = fields.keys.sorted().first(where: { key in !MockFaultField.answer.contains { $0.rawValue == key } }) {
                throw FaultSpec.Invalid(reason: "unknown field '\(unknown)' in faults (allowed: status, retryAfter, drop, malformed)")
            }
            let answer = try FaultAnswer.parse(fields)
            guard answer != .normal else { throw FaultSpec.Invalid(reason: "each of faults needs status, drop or malformed") }
            answers.append(answer)
        }
        // Decimal text, because a JSON number (a double) cannot carry every 64-bit seed.
        guard let seedText = object[.seed]?.stringValue, let seed = UInt64(seedText) else {
            throw FaultSpec.Invalid(reason: "seed must be an unsigned 64-bit integer written as decimal text, e.g. \"42\"")
        }
        var limit: Int?
        if let value = object[.limit], !value.isNull {
            guard let count = value.intValue, count >= 1 else { throw FaultSpec.Invalid(reason: "limit must be an integer >= 1") }
            limit = count
        }
        return SeededFaultSchedule(
            id: id, routes: routes, rate: rate, answers: answers, seed: seed, limit: limit, generator: SplitMix64(seed: seed))
    }

    /// Draws for one request on `route`: the answer when the schedule faults it.
    mutating func draw(route: String) -> FaultAnswer? {
        guard routes.contains(route) else { return nil }
        if let limit, injected >= limit { return nil }
        guard generator.nextUnit() < rate else { return nil }
        injected += 1
        return answers[Int(generator.next() % UInt64(answers.count))]
    }

    /// The schedule as the faults listing shows it, seed included so a run can be replayed.
    func json() -> JSONValue {
        var object: [String: JSONValue] = ["scheduleId": .string(id), "injected": .number(Double(injected))]
        object[.routes] = .array(routes.sorted().map(JSONValue.string))
        object[.rate] = .number(rate)
        object[.faults] = .array(answers.map { .object($0.fields) })
        object[.seed] = .string(String(seed))
        if let limit { object[.limit] = .number(Double(limit)) }
        return .object(object)
    }
}
