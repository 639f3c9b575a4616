import AdapterProtocol

/// A failure the service shows on one route, for the next `times` requests (nil: until cleared).
public struct FaultInjection: Sendable, Hashable {
    /// How a faulted request is answered.
    public enum Answer: Sendable, Hashable {
        /// An HTTP error status, with a `Retry-After` header (seconds) when given.
        case status(Int, retryAfter: Int?)
        /// The connection closes without any answer (what a timeout looks like to the client's logic).
        case drop
        /// HTTP 200 with a body that is not JSON.
        case malformed
        /// The normal answer (only useful with a delay).
        case normal
    }

    public var route: ServiceRoute
    public var answer: Answer
    /// Real time the service waits before answering.
    public var delay: Duration?
    /// The answer waits until a later step releases the route (``BackendAction/releaseHold(_:)``): order, not time.
    public var hold: Bool
    public var times: Int?

    public init(route: ServiceRoute, answer: Answer, delay: Duration? = nil, hold: Bool = false, times: Int? = nil) {
        self.route = route
        self.answer = answer
        self.delay = delay
        self.hold = hold
        self.times = times
    }

    /// How the fault reads in a transcript.
    public var summary: String {
        var words = ["\(route.rawValue):", answer.summary]
        if let delay { words.append("after \(delay.inSeconds) s") }
        if hold { words.append("held until released") }
        words.append(times.map { "× \($0)" } ?? "until cleared")
        return words.joined(separator: " ")
    }
}

extension FaultInjection.Answer {
    public var summary: String {
        switch self {
        case .status(let code, let retryAfter?): return "HTTP \(code) (Retry-After \(retryAfter) s)"
        case .status(let code, nil): return "HTTP \(code)"
        case .drop: return "connection dropped"
        case .malformed: return "malformed body"
        case .normal: return "normal answer"
        }
    }
}

/// Faults at random on some routes: each matching request is faulted with probability `rate`, with one of
/// `answers`, decided by a generator seeded with `seed`. The same seed and the same requests give the same
/// faults, so a failing run replays with `mamconf run --fault-seed`.
public struct FaultSchedule: Sendable, Hashable {
    public var routes: [ServiceRoute]
    public var rate: Double
    public var answers: [FaultInjection.Answer]
    /// At most this many faults (nil: no limit).
    public var limit: Int?
    /// Filled in by the runner from the run's fault seed and the case's name, unless the suite fixed it.
    public var seed: UInt64?

    public init(routes: [ServiceRoute], rate: Double, answers: [FaultInjection.Answer], limit: Int? = nil, seed: UInt64? = nil) {
        self.routes = routes
        self.rate = rate
        self.answers = answers
        self.limit = limit
        self.seed = seed
    }
}
