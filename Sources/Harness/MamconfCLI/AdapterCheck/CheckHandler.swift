import AdapterProtocol
import ConformanceCore
import Foundation
import Synchronization

/// What the integration says during `adapter-check`: events and questions in arrival order, answered from
/// a fixed script, and a way to wait for one with a deadline (never by sleeping).
final class CheckHandler: InboundHandler {
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
        var exit: AdapterFault?
    }

    private let state = Mutex(State())
    private let answers: [Question: JSONValue]
    private let started = DispatchTime.now().uptimeNanoseconds

    init(answers: [Question: JSONValue]) {
        self.answers = answers
    }

    var events: [ObservedEvent] { state.withLock { $0.events } }
    var exit: AdapterFault? { state.withLock { $0.exit } }

    func notification(method: String, params: JSONValue) { record(method, params) }

    func question(method: String, params: JSONValue) -> Result<JSONValue, RPCError> {
        record(method, params)
        guard let question = Question(rawValue: method), let answer = answers[question] else {
            return .failure(RPCError(.noScriptedAnswer, "adapter-check scripts no answer to \(method)"))
        }
        return .success(answer)
    }

    func diagnostic(_ line: String) {}

    func fault(_ fault: AdapterFault) {
        state.withLock { $0.exit = $0.exit ?? fault }
        record("adapter.exit", ["fault": .string(fault.description)])
    }

    /// The first event (already seen or still to come) that satisfies `predicate`, or nil at the deadline.
    func first(within seconds: Double, where predicate: @escaping @Sendable (ObservedEvent) -> Bool) async -> ObservedEvent? {
        await withCheckedContinuation { continuation in
            let resolved: ObservedEvent?? = state.withLock { state in
                if let seen = state.events.first(where: predicate) { return .some(seen) }
                let id = state.nextWaiter
                state.nextWaiter += 1
                let timer = DeadlineTimer(after: .seconds(seconds)) { [self] in expire(id) }
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
