import Foundation

/// Time as the Graph client sees it: the clock its deadline runs on, the waits between attempts and the jitter.
///
/// A seam so tests record the waits a policy asks for and finish in milliseconds, while real runs wait in real
/// time (waiting for a throttled service is what the run must do, not a synchronisation shortcut).
public protocol GraphWaiting: Sendable {
    /// Seconds on a monotonic clock.
    func now() -> Double
    func sleep(seconds: Double) async
    /// A uniform draw in [0, 1) for the backoff's jitter.
    func jitter() -> Double
}

/// Real time: the continuous clock, `Task.sleep` and the system's random numbers.
public struct SystemGraphWaiting: GraphWaiting {
    private static let origin = ContinuousClock.now

    public init() {}

    public func now() -> Double {
        let elapsed = ContinuousClock.now - Self.origin
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    public func sleep(seconds: Double) async {
        guard seconds > 0 else { return }
        try? await Task.sleep(for: .milliseconds(Int64((seconds * 1000).rounded(.up))))
    }

    public func jitter() -> Double { Double.random(in: 0..<1) }
}
