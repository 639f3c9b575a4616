import Foundation
import Synchronization

/// The one thread that starts adapters, for the whole life of the process.
///
/// An adapter's parent-death signal fires when the *thread* that forked it ends, not only the process: forking
/// from a thread that may go away (a worker of the concurrency pool) would kill adapters mid-case. Forking
/// only here ties every adapter to mamconf's life.
final class SpawnerThread: Sendable {
    static let shared = SpawnerThread()

    private let work = Mutex<[@Sendable () -> Void]>([])
    private let ready = DispatchSemaphore(value: 0)

    private init() {
        let thread = Thread { [self] in
            while true {
                ready.wait()
                let next = work.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                next?()
            }
        }
        thread.name = "mamconf.spawner"
        thread.start()
    }

    /// Runs `body` on the spawner thread and returns its result, without blocking the caller's thread.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            submit {
                do { continuation.resume(returning: try body()) } catch { continuation.resume(throwing: error) }
            }
        }
    }

    /// Queues `body` on the spawner thread and returns at once; later work waits for it.
    func submit(_ body: @escaping @Sendable () -> Void) {
        work.withLock { $0.append(body) }
        ready.signal()
    }
}
