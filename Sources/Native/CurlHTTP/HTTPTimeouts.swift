/// Time limits applied to every request.
///
/// Both limits are always set: a harness that waits forever on a stuck backend is worse than one that
/// fails with a clear timeout error.
public struct HTTPTimeouts: Sendable, Equatable {
    /// Limit for establishing the TCP (and TLS) connection (`CURLOPT_CONNECTTIMEOUT_MS`).
    public var connect: Duration
    /// Limit for the whole request, connection included (`CURLOPT_TIMEOUT_MS`).
    public var total: Duration

    public init(connect: Duration, total: Duration) {
        self.connect = connect
        self.total = total
    }

    /// 5 s to connect, 30 s in total.
    public static let `default` = HTTPTimeouts(connect: .seconds(5), total: .seconds(30))
}

extension Duration {
    /// Whole milliseconds, at least 1: curl treats 0 as "no limit", which must never happen by accident.
    var curlMilliseconds: Int {
        let (seconds, attoseconds) = components
        let millis = seconds.multipliedReportingOverflow(by: 1000)
        if millis.overflow { return seconds < 0 ? 1 : Int.max }
        let total = millis.partialValue.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        if total.overflow { return Int.max }
        return max(1, Int(total.partialValue))
    }
}
