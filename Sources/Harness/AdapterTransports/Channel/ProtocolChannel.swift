import AdapterProtocol
import ConformanceCore
import Foundation
import Synchronization

/// The runner's end of one integration's JSON-RPC lines, whatever carries them (a child's pipes, a socket).
///
/// It pairs requests with their answers under deadlines, hands events and questions to the case's handler in
/// arrival order, answers questions straight back, and turns anything that is not the protocol into an
/// `AdapterFault` that fails every outstanding request at once. Nothing here blocks: the transports read on
/// their own threads and call `receive`.
final class ProtocolChannel: Sendable {
    typealias Reply = Result<JSONValue, AdapterFault>

    /// A request sent and not yet answered (what a reconnecting transport sends again).
    struct Outstanding: Sendable {
        var id: Int
        var method: String
        var params: JSONValue
    }

    private struct Pending {
        var method: String
        var params: JSONValue
        var continuation: CheckedContinuation<Reply, Never>
        var timer: DeadlineTimer
    }

    private struct State {
        var nextID = 1
        var pending: [Int: Pending] = [:]
        var answered: Set<Int> = []
        var broken: AdapterFault?
        /// The host announced that its process ends for a relaunch (network transport).
        var relaunch: RestartReason?
    }

    let handler: any InboundHandler
    private let output: any ChannelOutput
    private let tap: WireTap?
    private let lineLimit: Int
    private let state = Mutex(State())

    init(handler: any InboundHandler, output: any ChannelOutput, lineLimit: Int, tap: WireTap?) {
        self.handler = handler
        self.output = output
        self.lineLimit = lineLimit
        self.tap = tap
    }

    // MARK: Requests

    /// Sends a request and waits for its answer, its deadline, or the channel breaking.
    func request(_ method: String, params: JSONValue, timeout: Duration) async throws(AdapterFault) -> JSONValue {
        let reply: Reply = await withCheckedContinuation { continuation in
            let registered: Result<Int, AdapterFault> = state.withLock { state in
                if let broken = state.broken { return .failure(broken) }
                let id = state.nextID
                state.nextID += 1
                // Created under the lock, so the timer cannot fire before the request is registered.
                let timer = DeadlineTimer(after: timeout) { [self] in
                    resolve(id: id, with: .failure(.timeout(method: method, after: timeout)))
                }
                state.pending[id] = Pending(method: method, params: params, continuation: continuation, timer: timer)
                return .success(id)
            }
            switch registered {
            case .failure(let fault):
                continuation.resume(returning: .failure(fault))
            case .success(let id):
                transmit(Message.request(id: .number(id), method: method, params: params).encodedLine()) { [self] fault in
                    resolve(id: id, with: .failure(fault))
                }
            }
        }
        return try reply.get()
    }

    /// Sends the farewell `shutdown` (id 0, whose answer nobody waits for).
    func sendFarewell() {
        let farewell = ShutdownRequest()
        transmit(Message.request(id: .number(0), method: farewell.method.rawValue, params: farewell.encodedParams).encodedLine()) { _ in }
    }

    /// The requests still waiting for an answer, oldest first.
    func outstanding() -> [Outstanding] {
        state.withLock { state in
            state.pending.map { Outstanding(id: $0.key, method: $0.value.method, params: $0.value.params) }.sorted { $0.id < $1.id }
        }
    }

    /// Sends an outstanding request again under its own id (to a relaunched host), possibly as another method.
    func resend(_ request: Outstanding, as method: String) {
        transmit(Message.request(id: .number(request.id), method: method, params: request.params).encodedLine()) { [self] fault in
            resolve(id: request.id, with: .failure(fault))
        }
    }

    private func transmit(_ line: Data, failed: @escaping @Sendable (AdapterFault) -> Void) {
        tap?(.toIntegration, line.last == 0x0A ? line.dropLast() : line)
        output.send(line, failed: failed)
    }

    private func resolve(id: Int, with reply: Reply) {
        let entry = state.withLock { state in state.pending.removeValue(forKey: id) }
        entry?.timer.cancel()
        entry?.continuation.resume(returning: reply)
    }

    // MARK: Breaking

    /// The fault that broke the channel, if any.
    var brokenBy: AdapterFault? { state.withLock { $0.broken } }

    /// Fails every outstanding request and all later ones with the same fault. Returns whether this call broke it
    /// (false when it was broken already).
    @discardableResult
    func breakChannel(_ fault: AdapterFault) -> Bool {
        let (first, waiting) = state.withLock { state -> (Bool, [CheckedContinuation<Reply, Never>]) in
            let first = state.broken == nil
            if first { state.broken = fault }
            defer { state.pending.removeAll() }
            return (first, state.pending.values.map { entry in
                entry.timer.cancel()
                return entry.continuation
            })
        }
        waiting.forEach { $0.resume(returning: .failure(fault)) }
        return first
    }

    /// The reason of a `host.relaunching` received since the last call, and forgets it.
    func takeRelaunch() -> RestartReason? {
        state.withLock { state in
            defer { state.relaunch = nil }
            return state.relaunch
        }
    }

    // MARK: Reading

    /// Handles one piece the transport read; false stops reading (the channel is broken).
    func receive(_ piece: LineSplitter.Piece) -> Bool {
        switch piece {
        case .overlong(let prefix, let length):
            return violation("line longer than the \(lineLimit)-byte limit (\(length) bytes so far), starting: \(Self.quote(prefix))")
        case .line(let line):
            if line.isEmpty { return true }
            tap?(.fromIntegration, line)
            let message: Message
            do { message = try Message.decode(line: line) } catch {
                return violation("\(error) — line: \(Self.quote(line.prefix(200)))")
            }
            switch message {
            case .response(let id, let result):
                return deliver(id: id, reply: .success(result))
            case .errorResponse(let id, let error):
                guard let id else { return violation("error response without id: \(error)") }
                let method = state.withLock { state -> String? in
                    if case .number(let n) = id { return state.pending[n]?.method }
                    return nil
                }
                return deliver(id: id, reply: .failure(.rejected(method: method ?? "request", error: error)))
            case .notification(let method, let params):
                if method == EventMethod.hostRelaunching.rawValue {
                    let reason = params["reason"]?.stringValue.flatMap(RestartReason.init(rawValue:)) ?? .app
                    state.withLock { $0.relaunch = reason }
                    handler.diagnostic("the test host announced a relaunch (\(reason.rawValue)); the runner reconnects")
                    return true
                }
                handler.notification(method: method, params: params)
                return true
            case .request(let id, let method, let params):
                let answer: Result<JSONValue, RPCError>
                if Question(rawValue: method) != nil {
                    answer = handler.question(method: method, params: params)
                } else {
                    answer = .failure(RPCError(code: RPCError.methodNotFound, message: "the runner does not answer \(method)"))
                    handler.diagnostic("integration asked an unknown question \(method)")
                }
                let reply: Message
                switch answer {
                case .success(let value): reply = .response(id: id, result: value)
                case .failure(let error): reply = .errorResponse(id: id, error: error)
                }
                transmit(reply.encodedLine()) { _ in }
                return true
            }
        }
    }

    private func deliver(id: RequestID, reply: Reply) -> Bool {
        guard case .number(let number) = id else {
            return violation("response id \(id) was never used by the runner")
        }
        // Id 0 is the farewell `shutdown`, whose answer nobody waits for.
        if number == 0 { return true }
        let outcome = state.withLock { state -> (CheckedContinuation<Reply, Never>?, Bool) in
            if let entry = state.pending.removeValue(forKey: number) {
                state.answered.insert(number)
                entry.timer.cancel()
                return (entry.continuation, false)
            }
            return (nil, state.answered.contains(number))
        }
        if let continuation = outcome.0 {
            continuation.resume(returning: reply)
            return true
        }
        if outcome.1 { return violation("duplicate response for request id \(number)") }
        if number < state.withLock({ $0.nextID }) {
            // Answered after its deadline passed: the timeout was already reported.
            handler.diagnostic("late response for request id \(number) ignored")
            return true
        }
        return violation("response to request id \(number), which the runner never sent")
    }

    private func violation(_ why: String) -> Bool {
        let fault = AdapterFault.protocolViolation(why)
        handler.fault(fault)
        breakChannel(fault)
        return false
    }

    /// Quotes bytes the integration wrote, keeping every valid UTF-8 character and showing each byte
    /// that is not valid UTF-8 as `\xNN`, so a diagnostic shows exactly what was sent.
    static func quote(_ data: Data) -> String {
        let bytes = [UInt8](data)
        var text = ""
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            switch lead {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: length = 0
            }
            if length > 0, index + length <= bytes.count {
                let slice = bytes[index..<(index + length)]
                if let scalar = String(validating: slice, as: UTF8.self) {
                    text += scalar == "\"" ? "\\\"" : scalar
                    index += length
                    continue
                }
            }
            text += String(format: "\\x%02X", lead)
            index += 1
        }
        return "\"" + text + "\"" + (data.count >= 200 ? "…" : "")
    }
}
