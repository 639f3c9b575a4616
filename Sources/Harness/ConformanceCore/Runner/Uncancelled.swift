/// Runs `operation` to its end even when the calling task is cancelled.
///
/// An interrupted case still reads its journal and deletes its tenant: a real tenant must not keep what the case
/// made, and a backend's waits (Graph's retries, its replication polls) end early in a cancelled task. A task of
/// its own does not inherit the caller's cancellation.
func uncancelled<T: Sendable, E: Error>(_ operation: @escaping @Sendable () async throws(E) -> T) async throws(E) -> T {
    let outcome = await Task { () async -> Result<T, E> in
        do throws(E) { return .success(try await operation()) } catch { return .failure(error) }
    }.value
    return try outcome.get()
}

/// ``uncancelled(_:)`` for what cannot fail.
func uncancelled<T: Sendable>(_ operation: @escaping @Sendable () async -> T) async -> T {
    await Task { await operation() }.value
}
