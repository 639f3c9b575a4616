import Foundation

/// Runs blocking work on a dedicated thread and resumes when it is done: the Swift concurrency pool has
/// only two threads here, and a test that blocks one of them (a semaphore, `waitUntilExit`) can stall
/// every other test.
public func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// The non-throwing form of ``offPool(_:)-(()throws->T)``, so callers that cannot fail need no `try`.
public func offPool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}
