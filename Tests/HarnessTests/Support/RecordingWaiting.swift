import Backends
import Synchronization

/// A ``GraphWaiting`` on a clock of its own: sleeping advances it at once and is recorded, so retry tests check
/// the waits a policy asks for without waiting them.
final class RecordingWaiting: GraphWaiting, Sendable {
    private let state = Mutex<(now: Double, sleeps: [Double])>((0, []))
    private let unit: Double

    /// `unit` is every jitter draw (1 would be the top of each backoff range; 0.999 stays inside it).
    init(jitter unit: Double = 0.999) { self.unit = unit }

    func now() -> Double { state.withLock { $0.now } }
    func sleep(seconds: Double) async { state.withLock { $0.now += seconds; $0.sleeps.append(seconds) } }
    func jitter() -> Double { unit }

    /// Moves the clock as if `seconds` had passed between calls.
    func advance(_ seconds: Double) { state.withLock { $0.now += seconds } }
    var sleeps: [Double] { state.withLock { $0.sleeps } }
}
