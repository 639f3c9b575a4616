/// The scoped thread identity (`setCurrentThreadAccountId:forScope:`, Swift:
/// `IntuneMAMSwiftContextManager.setAccountId(_:forScope:)`).
///
/// A task-local value: inside a scope it belongs to the calling thread (or task) only and is restored when
/// the scope ends, which is what the real SDK's scoped API guarantees. Outside any task it behaves as a
/// thread-local. It is process-wide, not per runtime, like a thread's identity on iOS.
enum IntuneMAMThreadIdentity {
    /// The account set for the current scope; nil = none set (the process identity applies).
    @TaskLocal static var accountId: String?
}
