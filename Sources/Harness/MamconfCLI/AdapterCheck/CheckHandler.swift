import AdapterProtocol
import ConformanceCore
import Foundation
import Synchronization

/// Sits between an `adapter-check` integration and its case's own handler (the runner's event log, which answers
/// the questions the case scripts): passes everything on unchanged, and keeps the events in arrival order with a
/// way to wait for one with a deadline (never by sleeping), which the probes judge by.
final class CheckHandler: InboundHandler {
    /// The event recorded when the channel breaks (the process exited, the session ended): `shutdown` waits for it.
    static let exitEvent = "adapter.exit"

    private struct Waiter {
        var id: Int
        var predicate: @Sendable (ObservedEvent) -> Bool
        var continuation: CheckedContinuation<ObservedEvent?, Never>
        var timer: DeadlineTimer?
    }

    private struct State {
        var events: [ObservedEvent] = []
        var waiters: [Waiter] = []
        var nextWaiter = 0
    }

    private let state = Mutex(State())
    private let inner: any InboundHandler
    private let started = DispatchTime.now().uptimeNanoseconds

    init(forwardingTo inner: any InboundHandler) {
        self.inner = inner
    }

    var events: [ObservedEvent] { state.withLock { $0.events } }

    func notification(method: String, params: JSONValue) {
        inner.notification(method: method, params: params)
        record(method, params)
    }

    func question(method: String, params: JSONValue) -> Result<JSONValue, RPCError> {
        let answer = inner.question(method: method, params: params)
        record(method, params)
        return answer
    }

    func diagnostic(_ line: String) { inner.diagnostic(line) }

    func fault(_ fault: AdapterFault) {
        inner.fault(fault)
        record(Self.exitEvent, ["fault": .string(fault.description)])
    }

    /// The first event (already seen or still to come) that satisfies `predicate`, or nil at the deadline.
    func first(within deadline: Duration, where predicate: @escaping @Sendable (ObservedEvent) -> Bool) async -> ObservedEvent? {
        await withCheckedContinuation { continuation in
            let resolved: ObservedEvent?? = state.withLock { state in
                if let seen = state.events.first(where: predicate) { return .some(seen) }
                let id = state.nextWaiter
                state.nextWaiter += 1
                let timer = DeadlineTimer(after: deadline) { [self] in expire(id) }
                state.waiters.append(Waiter(id: id, predicate: predicate, continuation: continuation, timer: timer))
                return .none
            }
            if case .some(let event) = resolved { continuation.resume(returning: event) }
        }
    }

    private func expire(_ id: Int) {
        let waiter = state.withLock { state -> Waiter? in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiters.remove(at: index)
        }
        waiter?.continuation.resume(returning: nil)
    }

    private func record(_ method: String, _ params: JSONValue) {
        let elapsed = Duration.nanoseconds(DispatchTime.now().uptimeNanoseconds - started)
        let satisfied = state.withLock { state -> [(Waiter, ObservedEvent)] in
            let event = ObservedEvent(sequence: state.events.count + 1, method: method, params: params, elapsed: elapsed)
            state.events.append(event)
            let ready = state.waiters.filter { $0.predicate(event) }
            state.waiters.removeAll { $0.predicate(event) }
            return ready.map { ($0, event) }
        }
        for (waiter, event) in satisfied {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: event)
        }
    }
}
