import Foundation

/// Runs a blocking `body` on a new plain thread and resumes with its result, so that tests can wait
/// on semaphores without occupying a thread of Swift's cooperative pool.
func offPool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}
