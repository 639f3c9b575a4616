import Foundation
import Synchronization

/// Adds up the time of the operations it measures (a case's backend calls, its wait for a slot), on the run's clock.
final class Stopwatch: Sendable {
    private let clock: any HarnessClock
    private let total = Mutex<Duration>(.zero)

    init(clock: any HarnessClock) {
        self.clock = clock
    }

    var elapsed: Duration { total.withLock { $0 } }

    func measure<T>(_ body: () async throws(BackendFault) -> T) async throws(BackendFault) -> T {
        let start = clock.now()
        defer { add(since: start) }
        return try await body()
    }

    func measure<T>(_ body: () async -> T) async -> T {
        let start = clock.now()
        defer { add(since: start) }
        return await body()
    }

    private func add(since start: ContinuousClock.Instant) {
        let elapsed = clock.elapsed(since: start)
        total.withLock { $0 += elapsed }
    }
}
