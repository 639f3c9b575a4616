import Synchronization

/// Lets the outside world stop a run cleanly: a signal handler calls `interrupt`, the running case's
/// integration is killed at once, that case is reported as interrupted, and the report still gets written.
public final class RunControl: Sendable {
    private struct State {
        var signal: Int32?
        var session: (any SDKAdapterSession)?
    }

    private let state = Mutex(State())

    public init() {}

    /// The signal that interrupted the run, if any.
    public var interruptedBy: Int32? { state.withLock { $0.signal } }
    public var isInterrupted: Bool { interruptedBy != nil }

    /// Marks the run interrupted and ends the running integration. Safe to call from any thread.
    public func interrupt(signal: Int32) {
        let session: (any SDKAdapterSession)? = state.withLock { state in
            if state.signal == nil { state.signal = signal }
            return state.session
        }
        if let session {
            Task { _ = await session.terminate(grace: 0) }
        }
    }

    func attach(_ session: any SDKAdapterSession) -> Bool {
        state.withLock { state in
            state.session = session
            return state.signal == nil
        }
    }

    func detach() {
        state.withLock { $0.session = nil }
    }
}
