import Synchronization

/// Lets the outside world stop a run cleanly: a signal handler calls `interrupt`, every running case's
/// integration is killed at once, those cases are reported as interrupted, and the report still gets written.
public final class RunControl: Sendable {
    /// Names one attached integration, so parallel cases detach their own.
    struct Ticket: Hashable, Sendable {
        fileprivate let number: UInt64
    }

    private struct State {
        var signal: Int32?
        var sessions: [UInt64: any SDKAdapterSession] = [:]
        var issued: UInt64 = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// The signal that interrupted the run, if any.
    public var interruptedBy: Int32? { state.withLock { $0.signal } }
    public var isInterrupted: Bool { interruptedBy != nil }

    /// Marks the run interrupted and ends every running integration. Safe to call from any thread.
    public func interrupt(signal: Int32) {
        let sessions: [any SDKAdapterSession] = state.withLock { state in
            if state.signal == nil { state.signal = signal }
            return Array(state.sessions.values)
        }
        for session in sessions {
            Task { _ = await session.terminate(grace: .zero) }
        }
    }

    /// Registers a case's running integration; nil when the run is already interrupted (the case must stop).
    func attach(_ session: any SDKAdapterSession) -> Ticket? {
        state.withLock { state in
            guard state.signal == nil else { return nil }
            state.issued += 1
            state.sessions[state.issued] = session
            return Ticket(number: state.issued)
        }
    }

    func detach(_ ticket: Ticket?) {
        guard let ticket else { return }
        state.withLock { _ = $0.sessions.removeValue(forKey: ticket.number) }
    }
}
