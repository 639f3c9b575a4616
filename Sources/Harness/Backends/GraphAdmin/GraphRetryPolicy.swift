/// When a Graph call is tried again, and for how long.
///
/// Graph throttles with 429 and `Retry-After` and has transient 5xx; a conformance run that fails on the first
/// hiccup would be flaky, and one that retries forever would hang a CI job. So: at most `maximumAttempts` sends
/// within `deadline`, waiting what `Retry-After` says or, without it, a full-jitter exponential backoff
/// (a random wait in [0, min(maximumDelay, baseDelay × 2^(n-1))] after the n-th failure).
public struct GraphRetryPolicy: Sendable, Hashable {
    public var maximumAttempts: Int
    /// Time from the first send after which no further attempt starts.
    public var deadline: Duration
    public var baseDelay: Duration
    public var maximumDelay: Duration
    /// Pages a listing may follow before the client decides the service is looping.
    public var maximumPages: Int

    public init(maximumAttempts: Int = 8, deadline: Duration = .seconds(120), baseDelay: Duration = .milliseconds(500),
                maximumDelay: Duration = .seconds(30),
                maximumPages: Int = 1000) {
        self.maximumAttempts = maximumAttempts
        self.deadline = deadline
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        self.maximumPages = maximumPages
    }

    /// The backoff after the `attempt`-th failed send (1-based), for a jitter draw `unit` in [0, 1).
    public func backoff(afterAttempt attempt: Int, unit: Double) -> Duration {
        let ceiling = min(maximumDelay, baseDelay * (1 << min(max(attempt - 1, 0), 30)))
        return ceiling * min(max(unit, 0), 1)
    }
}
