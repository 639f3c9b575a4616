import Foundation
import Synchronization

/// Adds up the wall time of the backend operations it measures.
final class Stopwatch: Sendable {
    private let total = Mutex<Double>(0)

    var seconds: Double { total.withLock { $0 } }

    func measure<T>(_ body: () async throws(BackendFault) -> T) async throws(BackendFault) -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { add(since: start) }
        return try await body()
    }

    func measure(_ body: () async -> Void) async {
        let start = DispatchTime.now().uptimeNanoseconds
        await body()
        add(since: start)
    }

    private func add(since start: UInt64) {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        total.withLock { $0 += elapsed }
    }
}
