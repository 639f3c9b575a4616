import Synchronization

/// Lets the outside world stop a run cleanly: a signal handler calls `interrupt`, which records the signal and
/// cancels the run's task. Cancellation does the rest: every case in flight ends its integration through its
/// cancellation handler and is reported as interrupted, the cases not started are reported not run, and the
/// report still gets written.
///
/// The signal number is kept here because cancellation carries no reason, and the report and the exit code
/// (130/143) name the signal.
public final class RunControl: Sendable {
    private struct State {
        var signal: Int32?
        /// Cancels the run under way, if one is.
        var cancelRun: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    public init() {}

    /// The signal that interrupted the run, if any.
    public var interruptedBy: Int32? { state.withLock { $0.signal } }
    public var isInterrupted: Bool { interruptedBy != nil }

    /// Marks the run interrupted and cancels it. Safe to call from any thread, before the run starts too (it
    /// then starts cancelled).
    public func interrupt(signal: Int32) {
        let cancel = state.withLock { state -> (@Sendable () -> Void)? in
            if state.signal == nil { state.signal = signal }
            return state.cancelRun
        }
        cancel?()
    }

    /// Runs `body` as the run's task, which `interrupt` cancels. The caller's own cancellation is not passed on:
    /// a run is interrupted only through its control, which knows the signal the report names.
    func interruptible<T: Sendable>(_ body: @escaping @Sendable () async -> T) async -> T {
        let task = Task { await body() }
        let interrupted = state.withLock { state -> Bool in
            state.cancelRun = { task.cancel() }
            return state.signal != nil
        }
        if interrupted { task.cancel() }
        let value = await task.value
        state.withLock { $0.cancelRun = nil }
        return value
    }
}
