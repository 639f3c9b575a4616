import Synchronization

/// Ends a case's integration when the case's task is cancelled (the run was interrupted).
///
/// A cancellation handler runs at once, on whatever thread cancelled, while the case may still be starting its
/// integration: this box hands it the session once there is one, and tells a start that finished after the
/// cancellation to stop. Ending the integration is what ends a wait on it: a request to a killed process fails.
final class SessionCanceller: Sendable {
    private struct State {
        var session: (any SDKAdapterSession)?
        var cancelled = false
    }

    private let state = Mutex(State())

    /// Keeps the started session for the handler; false when the case was cancelled first (it must stop).
    func hold(_ session: any SDKAdapterSession) -> Bool {
        state.withLock { state in
            guard !state.cancelled else { return false }
            state.session = session
            return true
        }
    }

    /// The case was cancelled: ends its integration without grace, if it has one yet.
    func cancel() {
        let session = state.withLock { state -> (any SDKAdapterSession)? in
            state.cancelled = true
            return state.session
        }
        guard let session else { return }
        Task { _ = await session.terminate(grace: .zero) }
    }
}
