import AdapterProtocol
import ConformanceCore
import Yams

/// The keys of the fault steps, in one place for the parser, the schema and the error hints.
enum FaultSyntax {
    /// `{fault: ROUTE, …, times: N}`.
    static let injectionKeys = ["fault", "status", "retry_after", "drop", "malformed", "delay", "hold", "times"]
    /// One answer in a schedule's `faults` list.
    static let answerKeys = ["status", "retry_after", "drop", "malformed"]
    /// `{fault_schedule: {…}}`.
    static let scheduleKeys = ["routes", "rate", "faults", "limit", "seed"]
}

extension StepParser {
    /// `{fault: mam.checkin, status: 429, retry_after: 60, times: 1}`, `{fault: …, drop: true}`,
    /// `{fault: …, malformed: true}`, `{fault: …, delay: 2s}` (alone: a late but normal answer), `{fault: …, hold: true}`
    /// (the answer waits for `{release: ROUTE}`).
    func faultInjection(route node: Node, keys: [String: (key: String, keyNode: Node, value: Node)], at step: Node) -> FaultInjection? {
        guard let route = serviceRoute(node) else { return nil }
        let delay = keys["delay"].flatMap { doc.duration($0.value, "delay") }
        var hold = false
        if let pair = keys["hold"] {
            guard doc.bool(pair.value, "hold") == true else {
                doc.error(pair.value, "hold must be true (leave it out otherwise)")
                return nil
            }
            guard keys["delay"] == nil else {
                doc.error(pair.keyNode, "give hold or delay, not both: a held answer waits for {release: \(route.rawValue)}, not for a time")
                return nil
            }
            hold = true
        }
        let answer: FaultInjection.Answer?
        if keys["status"] == nil, keys["drop"] == nil, keys["malformed"] == nil {
            if keys["retry_after"] != nil { doc.error(keys["retry_after"]?.keyNode, "retry_after goes with status") }
            guard delay != nil || hold else {
                doc.error(step, "a fault needs one of: status (an HTTP error status), drop: true, malformed: true, delay, or hold: true")
                return nil
            }
            answer = .normal
        } else {
            answer = faultAnswer(keys.mapValues(\.value), at: step)
        }
        guard let answer else { return nil }
        if let delay, delay > .seconds(600) {
            doc.error(keys["delay"]?.value, "delay must be at most 600s: a longer one only holds the run")
            return nil
        }
        var times: Int?
        if let pair = keys["times"] {
            guard let count = doc.int(pair.value, "times") else { return nil }
            guard count >= 1 else {
                doc.error(pair.value, "times must be at least 1 (leave it out to fault until clear_faults)")
                return nil
            }
            times = count
        }
        return FaultInjection(route: route, answer: answer, delay: delay, hold: hold, times: times)
    }

    /// `{routes: [mam.checkin], rate: 0.3, faults: [{status: 503}, {drop: true}], limit: 5, seed: 42}`; without
    /// `seed` the run's `--fault-seed` decides.
    func faultSchedule(_ node: Node) -> FaultSchedule? {
        guard let fields = doc.fields(node, "fault_schedule", required: ["routes", "rate", "faults"], optional: ["limit", "seed"]) else {
            return nil
        }
        let routes = doc.sequence(fields["routes"], "routes")?.compactMap { serviceRoute($0) } ?? []
        var rate: Double?
        if let rateNode = fields["rate"] {
            if case .scalar(let scalar) = rateNode, let value = Double(scalar.string), (0...1).contains(value) {
                rate = value
            } else {
                doc.error(rateNode, "rate must be a number from 0 to 1 (the share of matching requests to fault)")
            }
        }
        var answers: [FaultInjection.Answer] = []
        for item in doc.sequence(fields["faults"], "faults") ?? [] {
            guard let pairs = doc.mapping(item, "a scheduled fault") else { continue }
            for pair in pairs where !FaultSyntax.answerKeys.contains(pair.key) {
                doc.error(pair.keyNode, "unknown key '\(pair.key)' in a scheduled fault (expected: \(FaultSyntax.answerKeys.joined(separator: ", ")))")
            }
            if let answer = faultAnswer(Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }), at: item) {
                answers.append(answer)
            }
        }
        if fields["faults"] != nil, answers.isEmpty { doc.error(fields["faults"], "faults must list at least one answer") }
        var limit: Int?
        if let node = fields["limit"] {
            limit = doc.int(node, "limit")
            if let value = limit, value < 1 { doc.error(node, "limit must be at least 1") }
        }
        var seed: UInt64?
        if let node = fields["seed"] {
            if case .scalar(let scalar) = node, let value = UInt64(scalar.string) { seed = value } else {
                doc.error(node, "seed must be a whole number from 0 to \(UInt64.max)")
            }
        }
        guard let rate, !routes.isEmpty, !answers.isEmpty else { return nil }
        return FaultSchedule(routes: routes, rate: rate, answers: answers, limit: limit, seed: seed)
    }

    /// Exactly one of `status` (with an optional `retry_after`), `drop: true` or `malformed: true`.
    private func faultAnswer(_ keys: [String: Node], at node: Node) -> FaultInjection.Answer? {
        let chosen = ["status", "drop", "malformed"].filter { keys[$0] != nil }
        guard chosen.count == 1, let kind = chosen.first else {
            doc.error(node, chosen.isEmpty
                ? "a fault needs one of: status (an HTTP error status), drop: true, malformed: true"
                : "a fault takes only one of \(chosen.joined(separator: ", "))")
            return nil
        }
        if kind != "status", keys["retry_after"] != nil {
            doc.error(keys["retry_after"], "retry_after goes with status")
            return nil
        }
        switch kind {
        case "status":
            guard let status = doc.int(keys["status"], "status") else { return nil }
            guard (400...599).contains(status) else {
                doc.error(keys["status"], "status must be an HTTP error status (400-599)")
                return nil
            }
            var retryAfter: Int?
            if let node = keys["retry_after"] {
                guard let seconds = doc.duration(node, "retry_after") else { return nil }
                retryAfter = Int(seconds.inSeconds.rounded())
            }
            return .status(status, retryAfter: retryAfter)
        case "drop":
            guard doc.bool(keys["drop"], "drop") == true else {
                doc.error(keys["drop"], "drop must be true (leave it out otherwise)")
                return nil
            }
            return .drop
        default:
            guard doc.bool(keys["malformed"], "malformed") == true else {
                doc.error(keys["malformed"], "malformed must be true (leave it out otherwise)")
                return nil
            }
            return .malformed
        }
    }

    /// `{release: mam.enroll}`: the route's held requests get their answer.
    func releaseHold(_ node: Node) -> ServiceRoute? {
        serviceRoute(node)
    }

    private func serviceRoute(_ node: Node) -> ServiceRoute? {
        guard let name = doc.string(node, "a route") else { return nil }
        guard let route = ServiceRoute(rawValue: name) else {
            doc.error(node, Vocabulary.unknown("route", name, known: ServiceRoute.allCases.map(\.rawValue)))
            return nil
        }
        return route
    }
}
