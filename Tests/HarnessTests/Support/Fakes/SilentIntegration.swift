import AdapterProtocol
import ConformanceCore
import Synchronization

/// An integration inside the test process that starts and initialises, then never answers its first step:
/// its wait ends only when the integration is ended (as a killed process ends a request to it) or, for one
/// with no process to kill, only when the waiting task is cancelled. Interruption is tested against it by
/// event: `waiting` yields once a step waits, and nothing in the test sleeps.
final class SilentIntegration: SDKAdapterFactory, Sendable {
    /// What ends the step's wait.
    enum Ending: Sendable, CustomStringConvertible {
        /// Ending the integration (`terminate`), as for an adapter process.
        case termination
        /// Only cancelling the waiting task.
        case cancellation

        var description: String { self == .termination ? "ended by termination" : "ended by cancellation" }
    }

    var description: String { "silent integration" }
    let ending: Ending
    /// Yields each time a step starts waiting for an answer that never comes.
    let waiting: AsyncStream<Void>
    private let announce: AsyncStream<Void>.Continuation

    private struct State {
        var pending: CheckedContinuation<AdapterFault, Never>?
        var ended: AdapterFault?
        var terminations = 0
    }
    private let state = Mutex(State())

    init(ending: Ending) {
        self.ending = ending
        (waiting, announce) = AsyncStream.makeStream()
    }

    /// How many times a session was ended.
    var terminations: Int { state.withLock { $0.terminations } }

    func start(dataDirectory: String, handler: any InboundHandler) async throws(AdapterFault) -> any SDKAdapterSession {
        Session(integration: self)
    }

    /// Waits until the step's wait is ended, by `end`.
    fileprivate func hang() async -> AdapterFault {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ended = state.withLock { state -> AdapterFault? in
                    if state.ended == nil { state.pending = continuation }
                    return state.ended
                }
                if let ended { continuation.resume(returning: ended) }
                announce.yield()
            }
        } onCancel: {
            if ending == .cancellation { end(.exited("the wait was cancelled")) }
        }
    }

    fileprivate func terminated() {
        state.withLock { $0.terminations += 1 }
        if ending == .termination { end(.exited("killed by signal 9")) }
    }

    private func end(_ fault: AdapterFault) {
        let pending = state.withLock { state -> CheckedContinuation<AdapterFault, Never>? in
            if state.ended == nil { state.ended = fault }
            defer { state.pending = nil }
            return state.pending
        }
        pending?.resume(returning: fault)
    }

    struct Session: SDKAdapterSession {
        let integration: SilentIntegration

        func request(_ method: String, params: JSONValue, timeout: Duration) async throws(AdapterFault) -> JSONValue {
            switch RunnerMethod(rawValue: method) {
            case .initialize?:
                return JSONValue(encoding: InitializeResult(
                    protocolVersion: ProtocolVersion.current.rawValue, implementation: NameAndVersion(name: "silent", version: "1"),
                    sdk: NameAndVersion(name: "IntuneMAMSwift", version: "21.7.1"), capabilities: Capability.allCases.map(\.rawValue).sorted()))
            case .sync?, .shutdown?:
                return [:]
            default:
                throw await integration.hang()
            }
        }

        func terminate(grace: Duration) async -> AdapterTermination {
            integration.terminated()
            return AdapterTermination(exitDescription: "killed by signal 9", stderrTail: [])
        }
    }
}
