import Foundation

/// Runs blocking work (SDK waits, virtual clock advances) on a thread of its own, so tests never block
/// the Swift concurrency pool the mock server needs.
public func sdkTestOffPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: work()) }
    }
}
