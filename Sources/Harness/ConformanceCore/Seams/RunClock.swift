import Foundation

/// The harness's own notion of time: wall timestamps for reports and a monotonic reading for durations.
/// Injected so tests can pin report timestamps.
public protocol RunClock: Sendable {
    func wallNow() -> Date
    /// Monotonic seconds from an arbitrary origin.
    func monotonicSeconds() -> Double
}

public struct SystemRunClock: RunClock {
    public init() {}
    public func wallNow() -> Date { Date() }
    public func monotonicSeconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}
