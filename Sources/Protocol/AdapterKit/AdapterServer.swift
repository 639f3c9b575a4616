import AdapterProtocol
import Foundation
import Locking
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The integration side of the adapter protocol: the server a vendor links into their test host.
///
/// Two transports, one behaviour:
/// - **stdio** (`init(input:output:)`): the runner started this process; one session, until `shutdown` or the end
///   of input;
/// - **network** (`init(listening:)`): the test host runs on a simulator or device and listens; the runner
///   connects once per case. One runner at a time, `hello` first (with the shared token, if one is set), and
///   `shutdown` ends the session, not the process. A connection becomes the session only with a valid `hello`:
///   until then it is one of a bounded number of arrivals, closed at the hello deadline. Events and questions sent
///   while no runner is connected are queued for the next one, which is how a relaunched host's
///   `event.app restarted` reaches the runner.
///
/// Threads, and why:
/// - one **reader thread** per connection (and per arrival, until its `hello`) reads the runner's lines, so answers to the integration's questions are
///   taken in even while a runner request is being handled (the handler may be blocked waiting for exactly that);
/// - one **serial handler queue** runs `AdapterHandler.handle`, one runner request at a time, off the Swift
///   concurrency pool, so a handler may block;
/// - any thread may call `notify` and `ask`; a writer lock keeps lines whole and in call order.
///
/// Over stdio, output goes to the file descriptor given (stdout by default), which must carry the protocol
/// only; diagnostics go to the `diagnostics` sink (stderr by default).
public final class AdapterServer: Sendable {
    /// The default longest accepted input line: generous for any v0 message, small enough to bound memory.
    public static let defaultLineLimit = 1 << 20

    /// The longest accepted input line in bytes; longer lines are skipped with an error response.
    public let lineLimit: Int

    private enum Transport: Sendable {
        case stdio(input: Int32, writer: LineWriter)
        case network(ListeningSocket, ListenConfiguration)
    }

    private let transport: Transport
    private let outbox = Outbox()
    private let diagnostics: @Sendable (String) -> Void
    private let pending = PendingQuestions()
    private let handlerQueue = DispatchQueue(label: "AdapterKit.handler", qos: .userInitiated)
    private let finished = DispatchSemaphore(value: 0)
    /// Changes wake the arrivals waiting for the session (a session ending, an arrival closed to make room).
    private let state: Locked<RunState>

    private struct RunState {
        var started = false
        var finished = false
        var readerThreads: Set<UInt> = []
        /// The network session being served (its writer), if any.
        var activeSession: LineWriter?
        /// Network connections that are not the session (yet).
        var arrivals: Arrivals
        var stopping = false
    }

    /// Creates a server on the given descriptors (the stdio transport). Nothing is read until `run(handler:)`.
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
        let writer = LineWriter(fd: output)
        self.transport = .stdio(input: input, writer: writer)
        self.state = Locked(RunState(arrivals: Arrivals(limit: 1)))
        self.lineLimit = max(1, lineLimit)
        self.diagnostics = diagnostics
        outbox.attach(writer)
    }

    /// Creates a server listening on a TCP address (the network transport). The address is bound here, so a
    /// port taken by another program fails at once, and `boundPort` tells the port when 0 was asked for.
    ///
    /// - Throws: `AdapterKitError.cannotListen` when the address cannot be bound.
    public init(
        listening configuration: ListenConfiguration,
        lineLimit: Int = AdapterServer.defaultLineLimit,
        diagnostics: @escaping @Sendable (String) -> Void = AdapterServer.writeToStandardError
    ) throws(AdapterKitError) {
        let socket: ListeningSocket
        do { socket = try ListeningSocket(host: configuration.host, port: configuration.port) } catch {
            throw .cannotListen(error.description)
        }
        self.transport = .network(socket, configuration)
        self.state = Locked(RunState(arrivals: Arrivals(limit: configuration.waitingLimit)))
        self.lineLimit = max(1, lineLimit)
        self.diagnostics = diagnostics
    }

    /// The port the server listens on (network transport), nil over stdio.
    public var boundPort: UInt16? {
        if case .network(let socket, _) = transport { return socket.port }
        return nil
    }

    /// The default diagnostics sink: one line on stderr, which the runner keeps in the case transcript.
    public static func writeToStandardError(_ text: String) {
        StandardStreams.write("[AdapterKit] \(text)\n", to: STDERR_FILENO)
    }

    // MARK: - Running

    /// Serves the runner, then returns: over stdio once `shutdown` has been answered or the input ends (and the
    /// requests read before its end have been answered, for up to ``settleGrace``); over the network once `stop()` or
    /// `relaunch(reason:)` was called.
    ///
    /// Call it once, typically from the main thread of the test host. Questions still waiting for an answer
    /// when it returns fail with `AdapterKitError.inputClosed`. Over stdio, after a `shutdown` the reader thread
    /// keeps reading until the input ends (normally the process exits first), so a request that arrives late
    /// still gets its one error response instead of depending on how fast the shutdown was served.
    public func run(handler: any AdapterHandler) {
        let alreadyStarted = state.withLock { s -> Bool in
            defer { s.started = true }
            return s.started
        }
        precondition(!alreadyStarted, "AdapterServer.run(handler:) may be called only once")
        switch transport {
        case .stdio(let input, let writer):
            startReader(name: "AdapterKit.reader") { [self] in
                var reader = LineReader(fd: input, limit: lineLimit)
                serve(Connection(input: input, writer: writer, network: false), reader: &reader, handler: handler)
                settleRequests()
                finish()
            }
            finished.wait()
        case .network(let socket, let configuration):
            let acceptor = Thread { [self] in acceptLoop(socket, configuration: configuration, handler: handler) }
            acceptor.name = "AdapterKit.accept"
            acceptor.start()
            finished.wait()
        }
    }

    /// Network transport: stops listening, ends the session being served and makes `run(handler:)` return.
    public func stop() {
        stop(draining: nil)
    }

    /// Stops; with `draining`, the session's connection is first closed for sending only (after what was written),
    /// and what the runner still sends is read and dropped until it closes its end, for at most that long.
    private func stop(draining: Duration?) {
        let (session, arrivals) = state.withLock { s in
            s.stopping = true
            return (s.activeSession, s.arrivals.removeAll())
        }
        if case .network(let socket, _) = transport { socket.close() }
        if let session, let draining {
            session.finishSending()
            _ = state.wait(until: Date().addingTimeInterval(draining.inSeconds)) { $0.activeSession !== session }
        }
        session?.shutdownConnection()
        arrivals.forEach { $0.shutdownConnection() }
        finish()
    }

    /// Network transport: the host's process is about to end so the app can be launched again (`app.restart`,
    /// the app restarting itself, the SDK's relaunch). Tells the runner (`host.relaunching`), which will
    /// reconnect to the relaunched host, then stops serving; `run(handler:)` returns and the caller ends or
    /// replaces the process. Over stdio this does nothing: the runner owns the process there.
    public func relaunch(reason: RestartReason) {
        guard case .network = transport else { return }
        notify(.hostRelaunching, HostRelaunchingEvent(reason: reason))
        stop(draining: Self.relaunchDrain)
    }

    /// How long a relaunch waits for the runner to close its end after the announcement. A socket closed while the
    /// runner's next request is still unread is reset, not closed, and a reset can discard the announcement before
    /// the runner (or a proxy between) reads it: the runner then sees a crash instead of a relaunch (a 1 MiB request
    /// sent just as the app restarted itself did, one run in ten under load).
    static let relaunchDrain: Duration = .seconds(2)

    private func acceptLoop(_ socket: ListeningSocket, configuration: ListenConfiguration, handler: any AdapterHandler) {
        while let client = socket.accept() {
            let writer = LineWriter(fd: client, isSocket: true)
            let connection = Connection(input: client, writer: writer, network: true, token: configuration.token)
            // Not the session until its hello: one of a bounded number of arrivals, the oldest making room.
            let dropped = state.withLock { $0.arrivals.add(writer) }
            dropped.forEach { $0.shutdownConnection() }
            if !dropped.isEmpty {
                diagnostics("closed a connection that had not said hello, to make room for a new one (at most \(configuration.waitingLimit) wait)")
            }
            startReader(name: "AdapterKit.connection") { [self] in
                var reader = LineReader(fd: client, limit: lineLimit, deadline: Date().addingTimeInterval(configuration.helloDeadline.inSeconds))
                if admit(connection, reader: &reader, configuration: configuration) {
                    reader.deadline = nil
                    serve(connection, reader: &reader, handler: handler)
                    endSession(writer)
                } else {
                    state.withLock { _ = $0.arrivals.remove(writer) }
                    if reader.expired {
                        diagnostics("closed a connection that did not say hello within \(configuration.helloDeadline.limitText) s")
                    }
                }
                writer.release()
            }
        }
        finish()
    }

    /// Reads a new connection's lines until its `hello`, then makes it the session: the token must match (when one
    /// is set), and the session must be free or become free within the busy grace (a runner reconnecting for its
    /// next case may arrive just before the previous session has ended). Nothing before that reaches the app.
    /// False when the connection ended, was refused, or passed its hello deadline: it never was the session.
    private func admit(_ connection: Connection, reader: inout LineReader, configuration: ListenConfiguration) -> Bool {
        while true {
            let data: Data
            switch reader.next() {
            case .end:
                return false
            case .overlong(let count):
                refuseOverlong(count, on: connection)
                continue
            case .line(let line):
                data = line
            }
            if data.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            guard let message = decode(data, answeringOn: connection) else { continue }
            guard case .request(let id, let method, let params) = message else {
                diagnostics("ignored a message that is not a request before hello")
                continue
            }
            guard method == RunnerMethod.hello.rawValue else {
                respond(on: connection, .errorResponse(id: id, error: RPCError(.unauthorized, "send hello first")))
                continue
            }
            let hello: HelloParams
            do { hello = try params.decode(as: HelloParams.self) } catch {
                respond(on: connection, .errorResponse(id: id, error: RPCError(.invalidParams, "hello: \(error)")))
                continue
            }
            if let expected = connection.token, !Self.sameSecret(hello.token ?? "", expected) {
                diagnostics("refused a runner: \(hello.token == nil ? "no token" : "wrong token") in hello")
                respond(on: connection, .errorResponse(id: id, error: RPCError(
                    .unauthorized, hello.token == nil ? "this test host needs a token" : "wrong token")))
                return false
            }
            switch claimSession(connection.writer, deadline: Date().addingTimeInterval(configuration.busyGrace.inSeconds)) {
            case .claimed:
                respond(on: connection, .response(id: id, result: [:]))
                let (delivered, dropped) = outbox.attach(connection.writer)
                if dropped > 0 { diagnostics("\(dropped) message(s) sent while no runner was connected were dropped (queue full)") }
                if delivered > 0 { diagnostics("delivered \(delivered) message(s) sent while no runner was connected") }
                return true
            case .busy:
                diagnostics("refused a second runner: another one is connected")
                respond(on: connection, .errorResponse(id: id, error: RPCError(.busy, "another runner is connected to this test host")))
                return false
            case .closed:
                return false
            }
        }
    }

    private enum Claim {
        case claimed
        /// Another session still runs after the grace.
        case busy
        /// The connection was closed to make room, or the server stops.
        case closed
    }

    /// Makes `writer`'s connection the session once no other runs, until `deadline`.
    private func claimSession(_ writer: LineWriter, deadline: Date) -> Claim {
        state.wait(until: deadline) { s -> Claim? in
            guard !s.stopping, s.arrivals.contains(writer) else { return .closed }
            guard s.activeSession == nil else { return nil }
            s.arrivals.remove(writer)
            s.activeSession = writer
            return .claimed
        } ?? .busy
    }

    private func endSession(_ writer: LineWriter) {
        outbox.detach(writer)
        // Questions asked on this connection cannot be answered by another runner.
        pending.failWaiting()
        // Wakes an arrival waiting for the session.
        state.withLock { s in if s.activeSession === writer { s.activeSession = nil } }
    }

    private func startReader(name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            let me = Self.currentThreadID()
            state.withLock { _ = $0.readerThreads.insert(me) }
            body()
            state.withLock { _ = $0.readerThreads.remove(me) }
        }
        thread.name = name
        thread.start()
    }

    private static func currentThreadID() -> UInt {
        #if canImport(Darwin)
        return UInt(bitPattern: pthread_self())
        #else
        return UInt(pthread_self())
        #endif
    }

    // MARK: - One connection

    /// One runner's connection: stdin/stdout, or an accepted socket.
    private struct Connection: Sendable {
        let input: Int32
        let writer: LineWriter
        let network: Bool
        var token: String?
        /// `shutdown` was received: later requests are answered with an error, never handled.
        let shutDown = Locked(false)
    }

    /// Reads and serves one connection until it ends (or, over the network, until `shutdown` was answered), reading
    /// on with `reader` (over the network it has read the `hello`, and may hold what came after it).
    private func serve(_ connection: Connection, reader: inout LineReader, handler: any AdapterHandler) {
        reading: while true {
            let next = reader.next()
            // A stopping server only drains what the runner still sends (see `stop(draining:)`).
            if case .end = next {} else if state.read({ $0.stopping }) { continue }
            switch next {
            case .end:
                break reading
            case .overlong(let count):
                refuseOverlong(count, on: connection)
            case .line(let data):
                if data.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                if !receive(data, on: connection, handler: handler) { break reading }
            }
        }
    }

    private func refuseOverlong(_ count: Int, on connection: Connection) {
        diagnostics("skipped an input line of \(count) bytes (limit \(lineLimit))")
        respond(on: connection, .errorResponse(id: nil, error: RPCError(
            code: RPCError.invalidRequest,
            message: "line of \(count) bytes exceeds the limit of \(lineLimit) bytes; skipped")))
    }

    /// The message on `line`; nil when it is not one, which is answered with an error response without id.
    private func decode(_ line: Data, answeringOn connection: Connection) -> Message? {
        do {
            return try Message.decode(line: line)
        } catch {
            diagnostics("malformed input line: \(error)")
            let code: Int
            if case .notJSON = error { code = RPCError.parseError } else { code = RPCError.invalidRequest }
            respond(on: connection, .errorResponse(id: nil, error: RPCError(code: code, message: error.description)))
            return nil
        }
    }

    /// Handles one line; false ends the connection.
    private func receive(_ line: Data, on connection: Connection, handler: any AdapterHandler) -> Bool {
        guard let message = decode(line, answeringOn: connection) else { return true }
        switch message {
        case .request(let id, let method, let params):
            if connection.network && method == RunnerMethod.hello.rawValue {
                // The session's hello was answered when the connection became the session (`admit`).
                respond(on: connection, .errorResponse(id: id, error: RPCError(
                    code: RPCError.invalidRequest, message: "hello was already answered on this connection")))
                return true
            }
            let isShutdown = method == RunnerMethod.shutdown.rawValue
            let late = connection.shutDown.withLock { down -> Bool in
                defer { if isShutdown { down = true } }
                return down
            }
            if late {
                // Every request gets exactly one response, even one that arrives while shutting down.
                respond(on: connection, .errorResponse(id: id, error: RPCError(
                    code: RPCError.invalidRequest, message: "\(method) received after shutdown; ignored")))
                return true
            }
            let done = DispatchSemaphore(value: 0)
            handlerQueue.async { [self] in
                defer { if isShutdown { done.signal() } }
                serveRequest(id: id, method: method, params: params, on: connection, handler: handler)
            }
            if isShutdown {
                if connection.network {
                    // The session ends once the answer is out; the host listens for the next runner.
                    done.wait()
                    return false
                }
                handlerQueue.async { [self] in finish() }
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
        return true
    }

    /// Compares two secrets in time independent of where they differ.
    static func sameSecret(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8), b = Array(expected.utf8)
        var difference = a.count ^ b.count
        for index in 0..<max(a.count, b.count) {
            difference |= Int((index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0))
        }
        return difference == 0
    }

    private func serveRequest(id: RequestID, method: String, params: JSONValue, on connection: Connection, handler: any AdapterHandler) {
        let reply: Message
        do {
            reply = .response(id: id, result: try handler.handle(method, params: params, server: self))
        } catch {
            reply = .errorResponse(id: id, error: error)
        }
        respond(on: connection, reply)
    }

    /// Responses go to the connection that asked, never to a later runner.
    private func respond(on connection: Connection, _ message: Message) {
        if !connection.writer.write(message.encodedLine()) {
            diagnostics("the runner's connection closed; dropped a response")
        }
    }

    private func deliver(id: RequestID, outcome: PendingQuestions.Outcome) {
        guard case .number(let number) = id, pending.resolve(number, with: outcome) else {
            diagnostics("answer for unknown question id \(id) ignored")
            return
        }
    }

    /// Longest the input's end waits for the requests already read to be answered (``settleRequests()``).
    static let settleGrace: Duration = .seconds(2)

    /// The input ended: every request already read still gets its one response before `run(handler:)` returns. A
    /// runner may close the input right after its `shutdown`, and a host that exits once `run` returns cut that answer
    /// off (about one case in a hundred, more when the host exits faster). Questions still waiting fail first, so no
    /// handler waits for an answer that cannot come; one stuck for another reason gets ``settleGrace``.
    private func settleRequests() {
        pending.closeAll()
        let settled = DispatchSemaphore(value: 0)
        handlerQueue.async { settled.signal() }
        _ = settled.wait(timeout: .now() + Self.settleGrace.inSeconds)
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
    /// Over the network, events sent while no runner is connected are delivered to the next one.
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
    public func ask(method: String, params: JSONValue = .object([:]), timeout: Duration = .seconds(120)) throws(AdapterKitError) -> JSONValue {
        let me = Self.currentThreadID()
        let onReader = state.withLock { $0.readerThreads.contains(me) }
        if onReader { throw .calledFromReaderThread(method: method) }
        guard let (id, slot) = pending.open() else { throw .inputClosed(method: method) }
        send(.request(id: .number(id), method: method, params: params))
        let wait = max(.zero, timeout)
        if slot.semaphore.wait(timeout: .now() + wait.inSeconds) == .timedOut {
            if pending.abandon(id) { throw .timedOut(method: method, after: wait) }
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
        _ question: Question, _ params: Params, answer: Answer.Type, timeout: Duration = .seconds(120)
    ) throws(AdapterKitError) -> Answer {
        let result = try ask(method: question.rawValue, params: JSONValue(encoding: params), timeout: timeout)
        do { return try result.decode(as: answer) } catch {
            throw .badAnswer(method: question.rawValue, problem: error.description)
        }
    }

    private func send(_ message: Message) {
        if !outbox.send(message.encodedLine()) {
            diagnostics("output closed; dropped a line")
        }
    }
}
