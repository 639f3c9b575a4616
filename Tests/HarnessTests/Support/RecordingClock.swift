import Foundation
import ConformanceCore
import Synchronization

/// A ``HarnessClock`` on virtual time that lets every sleep pass at once: sleeping records the wait and advances
/// the underlying ``VirtualHarnessClock`` by it, so retry tests check the waits a policy asks for without waiting
/// them, and the client's deadline sees the time those waits took.
final class RecordingClock: HarnessClock {
    private let virtual = VirtualHarnessClock()
    private let recorded = Mutex<[Duration]>([])

    func now() -> ContinuousClock.Instant { virtual.now() }
    func wallNow() -> Date { virtual.wallNow() }

    func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        recorded.withLock { $0.append(duration) }
        virtual.advance(by: duration)
    }

    func schedule(after delay: Duration, _ fire: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        virtual.schedule(after: delay, fire)
    }

    /// Moves the clock as if `duration` had passed between calls.
    func advance(by duration: Duration) { virtual.advance(by: duration) }

    /// Every wait asked for, in order.
    var sleeps: [Duration] { recorded.withLock { $0 } }
}
