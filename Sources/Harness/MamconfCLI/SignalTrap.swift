#if canImport(Glibc)
import Glibc
#endif
import ConformanceCore
import AdapterProtocol
import Foundation
import RunReporters
import Synchronization

/// The write end of the pipe the signal handler reports on (set once, before the handler is installed).
nonisolated(unsafe) private var signalPipe: Int32 = -1

/// Turns SIGINT and SIGTERM into a clean stop, from the first instant of the process.
///
/// `arm()` runs first thing in `main`. It installs a handler of its own for both signals — so neither can take
/// the default action, whatever thread receives it and whatever threads are started later — and the handler
/// only writes the signal's number to a pipe (all it may safely do); a dedicated thread reads the pipe and acts.
/// Both signals are then unblocked, so one that arrived while they were blocked is handled now, not lost. A
/// signal that arrives before a run has started is kept and applied when the run attaches, so the run still
/// ends with 130/143 and a written report. The first signal during a run interrupts it through its ``RunControl``,
/// which cancels the run's task (the running case is reported as interrupted and the report is written); a second
/// one exits at once, once the run's
/// ``LastResortReport`` has written what is known (or a report write under way has finished), so even then the
/// report path holds this run's verdict. Other commands exit at once.
public final class SignalTrap: Sendable {
    public static let shared = SignalTrap()

    private struct State {
        var armed = false
        var control: RunControl?
        /// What a second signal writes before mamconf exits (set by `run` once its report path is known).
        var lastResort: LastResortReport?
        var pending: Int32?
        var received = 0
        /// Set once the command line is known: true for `run`, which writes a report on interruption.
        var writesReport: Bool?
    }

    private let state = Mutex(State())

    /// Installs the handler and starts the thread that acts on it. Call first thing in main.
    public func arm() {
        let first = state.withLock { state -> Bool in
            defer { state.armed = true }
            return !state.armed
        }
        guard first else { return }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        signalPipe = ends[1]
        let reader = ends[0]
        let thread = Thread { [self] in
            var byte: UInt8 = 0
            while true {
                let count = read(reader, &byte, 1)
                if count == 1 { received(Int32(byte)) } else if count < 0 && errno == EINTR { continue } else { return }
            }
        }
        thread.name = "mamconf.signals"
        thread.start()
        for number in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipe, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The command line is parsed: `run` keeps an early signal for its runner; anything else exits on it.
    func commandKnown(writesReport: Bool) {
        let exitNow = state.withLock { state -> Int32? in
            state.writesReport = writesReport
            return writesReport ? nil : state.pending
        }
        if let signal = exitNow { Self.exitNow(signal) }
    }

    /// A run starts: a signal that came earlier interrupts it at once.
    func attach(_ control: RunControl) {
        let pending = state.withLock { state -> Int32? in
            state.control = control
            return state.pending
        }
        if let pending { control.interrupt(signal: pending) }
    }

    /// `run` knows its report path: a second signal writes this report before mamconf exits.
    func guardReport(_ report: LastResortReport) {
        state.withLock { $0.lastResort = report }
    }

    /// The run is over: its report is written, a signal now only ends the process.
    func detach() {
        state.withLock { state in
            state.control = nil
            state.lastResort = nil
        }
    }

    private func received(_ number: Int32) {
        enum Action { case interrupt(RunControl), keep, exit(LastResortReport?) }
        let action = state.withLock { state -> Action in
            state.received += 1
            if state.received > 1 { return .exit(state.lastResort) }
            if let control = state.control { return .interrupt(control) }
            state.pending = number
            return state.writesReport == false ? .exit(nil) : .keep
        }
        switch action {
        case .interrupt(let control):
            StandardStreams.write("mamconf: interrupted; stopping the running case and writing the report\n", to: STDERR_FILENO)
            control.interrupt(signal: number)
        case .keep:
            break
        case .exit(let report?):
            StandardStreams.write("mamconf: interrupted again; writing the report as far as the run got, then exiting\n", to: STDERR_FILENO)
            report.writeNow(signal: number)
            Self.exitNow(number)
        case .exit(nil):
            StandardStreams.write("mamconf: interrupted, exiting now\n", to: STDERR_FILENO)
            Self.exitNow(number)
        }
    }

    private static func exitNow(_ signal: Int32) -> Never {
        _exit(signal == SIGTERM ? 143 : 130)
    }
}
