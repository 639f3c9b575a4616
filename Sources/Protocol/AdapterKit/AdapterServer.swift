import AdapterProtocol
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The integration side of the adapter protocol: the server a vendor links into their test host.
///
/// Threads, and why:
/// - one **reader thread** reads the runner's lines, so answers to the integration's questions are taken in
///   even while a runner request is being handled (the handler may be blocked waiting for exactly that answer);
/// - one **serial handler queue** runs `AdapterHandler.handle`, one runner request at a time, off the Swift
///   concurrency pool, so a handler may block;
/// - any thread may call `notify` and `ask`; a single writer lock keeps lines whole and in call order.
///
/// Output goes to the file descriptor given (stdout by default), which must carry the protocol only;
/// diagnostics go to the `diagnostics` sink (stderr by default).
public final class AdapterServer: Sendable {
    /// The default longest accepted input line: generous for any v0 message, small enough to bound memory.
    public static let defaultLineLimit = 1 << 20

    /// The longest accepted input line in bytes; longer lines are skipped with an error response.
    public let lineLimit: Int

    private let inputFD: Int32
    private let writer: LineWriter
    private let diagnostics: @Sendable (String) -> Void
    private let pending = PendingQuestions()
    private let handlerQueue = DispatchQueue(label: "AdapterKit.handler", qos: .userInitiated)
    private let finished = DispatchSemaphore(value: 0)
    private let state = Locked(RunState())

    private struct RunState {
        var started = false
        var stopping = false
        var finished = false
        var readerThread: pthread_t?
    }

    /// Creates a server on the given descriptors. Nothing is read until `run(handler:)`.
    ///
    /// - Parameters:
    ///   - input: where runner lines arrive (stdin by default). Not closed by the server.
    ///   - output: where protocol lines go (stdout by default). Not closed by the server.
    ///   - lineLimit: the longest accepted input line in bytes.
    ///   - diagnostics: receives human-readable notes about protocol trouble (never protocol lines).
    public init(
        input: Int32 = STDIN_FILENO,
        output: Int32 = STDOUT_FILENO,
        lineLimit: Int = AdapterServer.defaultLineLimit,
        diagnostics: @escaping @Sendable (String) -> Void = AdapterServer.writeToStandardError
    ) {
        self.inputFD = input
        self.writer = LineWriter(fd: output)
        self.lineLimit = max(1, lineLimit)
        self.diagnostics = diagnostics
    }

    /// The default diagnostics sink: one line on stderr, which the runner keeps in the case transcript.
    public static func writeToStandardError(_ text: String) {
        StandardStreams.write("[AdapterKit] \(text)\n", to: STDERR_FILENO)
    }

    // MARK: - Running

    /// Serves runner requests until `shutdown` has been answered or the input ends, then returns.
    ///
    /// Call it once, typically from the main thread of the test host. Questions still waiting for an answer
    /// when it returns fail with `AdapterKitError.inputClosed`. After a `shutdown` the reader thread keeps
    /// reading until the input ends (normally the process exits first), so a request that arrives late still
    /// gets its one error response instead of depending on how fast the shutdown was served.
    public func run(handler: any AdapterHandler) {
        let alreadyStarted = state.withLock { s -> Bool in
            defer { s.started = true }
            return s.started
        }
        precondition(!alreadyStarted, "AdapterServer.run(handler:) may be called only once")
        let thread = Thread { [self] in
            state.withLock { $0.readerThread = pthread_self() }
            readLoop(handler: handler)
        }
        thread.name = "AdapterKit.reader"
        thread.start()
        finished.wait()
    }

    private func readLoop(handler: any AdapterHandler) {
        var reader = LineReader(fd: inputFD, limit: lineLimit)
        reading: while true {
            switch reader.next() {
            case .end:
                break reading
            case .overlong(let count):
                diagnostics("skipped an input line of \(count) bytes (limit \(lineLimit))")
                send(.errorResponse(id: nil, error: RPCError(
                    code: RPCError.invalidRequest,
                    message: "line of \(count) bytes exceeds the limit of \(lineLimit) bytes; skipped")))
            case .line(let data):
                if data.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                receive(data, handler: handler)
            }
        }
        finish()
    }

    private func receive(_ line: Data, handler: any AdapterHandler) {
        let message: Message
        do {
            message = try Message.decode(line: line)
        } catch {
            diagnostics("malformed input line: \(error)")
            let code: Int
            if case .notJSON = error { code = RPCError.parseError } else { code = RPCError.invalidRequest }
            send(.errorResponse(id: nil, error: RPCError(code: code, message: error.description)))
            return
        }
        switch message {
        case .request(let id, let method, let params):
            let accepted = state.withLock { s -> Bool in
                if s.stopping { return false }
                if method == RunnerMethod.shutdown.rawValue { s.stopping = true }
                return true
            }
            guard accepted else {
                // Every request gets exactly one response, even one that arrives while shutting down.
                send(.errorResponse(id: id, error: RPCError(
                    code: RPCError.invalidRequest, message: "\(method) received after shutdown; ignored")))
                return
            }
            handlerQueue.async { [self] in
                serve(id: id, method: method, params: params, handler: handler)
            }
        case .notification(let method, _):
            diagnostics("ignored notification \(method) from the runner")
        case .response(let id, let result):
            deliver(id: id, outcome: .answer(result))
        case .errorResponse(let id, let error):
            if let id {
                deliver(id: id, outcome: .error(error))
            } else {
                diagnostics("the runner could not read a line we sent: \(error)")
            }
        }
    }

    private func serve(id: RequestID, method: String, params: JSONValue, handler: any AdapterHandler) {
        let reply: Message
        do {
            reply = .response(id: id, result: try handler.handle(method, params: params, server: self))
        } catch {
            reply = .errorResponse(id: id, error: error)
        }
        send(reply)
        if method == RunnerMethod.shutdown.rawValue { finish() }
    }

    private func deliver(id: RequestID, outcome: PendingQuestions.Outcome) {
        guard case .number(let number) = id, pending.resolve(number, with: outcome) else {
            diagnostics("answer for unknown question id \(id) ignored")
            return
        }
    }

    private func finish() {
        let first = state.withLock { s -> Bool in
            defer { s.finished = true }
            return !s.finished
        }
        guard first else { return }
        pending.closeAll()
        finished.signal()
    }

    // MARK: - Talking to the runner

    /// Sends an event (a JSON-RPC notification). Safe from any thread; lines from one thread keep their order.
    public func notify(method: String, params: JSONValue = .object([:])) {
        send(.notification(method: method, params: params))
    }

    /// Sends a typed event: its method and its params type come from the protocol's vocabulary.
    public func notify<Params: Encodable>(_ event: EventMethod, _ params: Params) {
        notify(method: event.rawValue, params: JSONValue(encoding: params))
    }

    /// Sends a `log` notification, which the runner keeps in the case transcript. Never pass secrets.
    public func log(level: LogLevel, message: String) {
        notify(.log, LogEvent(level: level, message: message))
    }

    /// Asks the runner a question and blocks the calling thread until it answers.
    ///
    /// Must not be called on the server's reader thread (that thread delivers the answer), and should not be
    /// called from the Swift concurrency pool (it blocks a thread). Calling it from the handler queue, or from
    /// an SDK thread while a runner request is being handled, is the intended use.
    ///
    /// - Returns: the answer's `result`.
    /// - Throws: `AdapterKitError` on timeout, an error answer, or the input ending first.
    public func ask(method: String, params: JSONValue = .object([:]), timeout: Double = 120) throws(AdapterKitError) -> JSONValue {
        let onReader = state.withLock { s -> Bool in
            guard let reader = s.readerThread else { return false }
            return pthread_equal(reader, pthread_self()) != 0
        }
        if onReader { throw .calledFromReaderThread(method: method) }
        guard let (id, slot) = pending.open() else { throw .inputClosed(method: method) }
        send(.request(id: .number(id), method: method, params: params))
        let waitSeconds = max(0, timeout)
        if slot.semaphore.wait(timeout: .now() + waitSeconds) == .timedOut {
            if pending.abandon(id) { throw .timedOut(method: method, seconds: waitSeconds) }
            // The outcome arrived between the timeout and the abandon: its signal is on the way.
            slot.semaphore.wait()
        }
        switch slot.outcome {
        case .answer(let result): return result
        case .error(let error): throw .answeredWithError(method: method, error: error)
        case .closed, nil: throw .inputClosed(method: method)
        }
    }

    /// Asks a typed question and decodes the answer.
    ///
    /// - Throws: `AdapterKitError` as `ask(method:params:timeout:)`, and `.badAnswer` when the answer does not
    ///   fit the question's answer type.
    public func ask<Params: Encodable, Answer: Decodable>(
        _ question: Question, _ params: Params, answer: Answer.Type, timeout: Double = 120
    ) throws(AdapterKitError) -> Answer {
        let result = try ask(method: question.rawValue, params: JSONValue(encoding: params), timeout: timeout)
        do { return try result.decode(as: answer) } catch {
            throw .badAnswer(method: question.rawValue, problem: error.description)
        }
    }

    private func send(_ message: Message) {
        if !writer.write(message.encodedLine()) {
            diagnostics("output closed; dropped a line")
        }
    }
}
