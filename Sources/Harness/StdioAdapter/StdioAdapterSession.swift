#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AdapterProtocol
import ConformanceCore
import Foundation
import Synchronization

/// One integration process spoken to over its stdin and stdout.
///
/// Reading happens on dedicated threads (blocking `read`), writing on a serial dispatch queue, and
/// every wait has a deadline; nothing here blocks the Swift concurrency pool.
final class StdioAdapterSession: SDKAdapterSession {
    private typealias Reply = Result<JSONValue, AdapterFault>

    private struct Pending {
        var method: String
        var continuation: CheckedContinuation<Reply, Never>
        var timer: DeadlineTimer
    }

    private struct State {
        var nextID = 1
        var pending: [Int: Pending] = [:]
        var answered: Set<Int> = []
        var broken: AdapterFault?
        var stderrTail: [String] = []
        var stderrBytes = 0
        var stderrDropped = 0
        /// Set by the first `terminate`; later calls wait for and return the same ending.
        var termination: AdapterTermination?
        var terminating = false
        var terminationWaiters: [DispatchSemaphore] = []
        /// A write made no progress for the stall limit: the integration no longer reads.
        var stalled = false
        /// Processes killed because they had left the process group and still carried the case's marker.
        var escaped = 0
    }

    private let child: ChildProcess
    private let handler: any InboundHandler
    private let limits: StdioAdapterFactory.Limits
    private let state = Mutex(State())
    private let writer = DispatchQueue(label: "mamconf.adapter.writer")
    private let stdoutDone = DispatchSemaphore(value: 0)
    private let stderrDone = DispatchSemaphore(value: 0)

    private let tap: WireTap?

    /// The environment entry every process of this integration carries (its data directory).
    private let marker: String?

    init(child: ChildProcess, handler: any InboundHandler, limits: StdioAdapterFactory.Limits, tap: WireTap? = nil, marker: String? = nil) {
        self.tap = tap
        self.marker = marker
        self.child = child
        self.handler = handler
        self.limits = limits
        // Writes never block: a stalled write waits with a deadline (see `writeAll`).
        _ = fcntl(child.stdinFD, F_SETFL, fcntl(child.stdinFD, F_GETFL) | O_NONBLOCK)
        // When the integration's process ends, whatever it left behind goes with it: a descendant that kept
        // the pipes open would otherwise hide the exit until a deadline.
        if let marker {
            child.onExit { [child, weak self] in
                child.killGroup(SIGKILL)
                let escaped = ChildProcess.killProcesses(carrying: marker)
                self?.state.withLock { $0.escaped += escaped }
            }
        }
        startThread(name: "stdout") { [self] in readStdout() }
        startThread(name: "stderr") { [self] in readStderr() }
    }

    private func startThread(name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = "mamconf.adapter.\(child.pid).\(name)"
        thread.start()
    }

    // MARK: Requests

    func request(_ method: String, params: JSONValue, timeout: Double) async throws(AdapterFault) -> JSONValue {
        let reply: Reply = await withCheckedContinuation { continuation in
            let registered: Result<Int, AdapterFault> = state.withLock { state in
                if let broken = state.broken { return .failure(broken) }
                let id = state.nextID
                state.nextID += 1
                // Created under the lock, so the timer cannot fire before the request is registered.
                let timer = DeadlineTimer(after: timeout) { [self] in
                    resolve(id: id, with: .failure(.timeout(method: method, seconds: timeout)))
                }
                state.pending[id] = Pending(method: method, continuation: continuation, timer: timer)
                return .success(id)
            }
            switch registered {
            case .failure(let fault):
                continuation.resume(returning: .failure(fault))
            case .success(let id):
                let line = Message.request(id: .number(id), method: method, params: params).encodedLine()
                writer.async { [self] in
                    if !writeAll(line) {
                        resolve(id: id, with: .failure(.exited("stdin closed before \(method) could be sent (\(ChildProcess.describe(child.waitForExit(timeout: 1))))")))
                    }
                }
            }
        }
        return try reply.get()
    }

    private func resolve(id: Int, with reply: Reply) {
        let entry = state.withLock { state in state.pending.removeValue(forKey: id) }
        entry?.timer.cancel()
        entry?.continuation.resume(returning: reply)
    }

    /// Fails every outstanding request and all later ones with the same fault.
    private func breakChannel(_ fault: AdapterFault) {
        let waiting = state.withLock { state -> [CheckedContinuation<Reply, Never>] in
            if state.broken == nil { state.broken = fault }
            defer { state.pending.removeAll() }
            return state.pending.values.map { entry in
                entry.timer.cancel()
                return entry.continuation
            }
        }
        waiting.forEach { $0.resume(returning: .failure(fault)) }
    }

    /// Writes one line to the integration. Never blocks for long: when the integration stops reading and the
    /// pipe stays full for `writeStall` seconds, the channel breaks (the case becomes an error and the
    /// integration is killed), so no write can hold up the run, its other writes or its shutdown.
    private func writeAll(_ data: Data) -> Bool {
        if state.withLock({ $0.stalled }) { return false }
        tap?(.toIntegration, data.last == 0x0A ? data.dropLast() : data)
        let stallMilliseconds = Int32(max(1, min(limits.writeStall * 1000, Double(Int32.max))))
        let outcome = data.withUnsafeBytes { raw -> Int32 in
            guard var pointer = raw.baseAddress else { return 0 }
            var left = raw.count
            while left > 0 {
                let written = write(child.stdinFD, pointer, left)
                if written >= 0 {
                    left -= written
                    pointer = pointer.advanced(by: written)
                    continue
                }
                if errno == EINTR { continue }
                guard errno == EAGAIN || errno == EWOULDBLOCK else { return errno }
                var ready = pollfd(fd: child.stdinFD, events: Int16(POLLOUT), revents: 0)
                let polled = poll(&ready, 1, stallMilliseconds)
                if polled == 0 { return -1 }
                if polled < 0 && errno != EINTR { return errno }
            }
            return 0
        }
        if outcome == -1 {
            let fault = AdapterFault.notReading(seconds: limits.writeStall)
            let first = state.withLock { state -> Bool in
                defer { state.stalled = true }
                return !state.stalled
            }
            if first {
                handler.fault(fault)
                breakChannel(fault)
                // A reader that stopped will not read a polite shutdown either.
                child.killGroup(SIGKILL)
            }
        }
        return outcome == 0
    }

    // MARK: Reading

    private func readStdout() {
        var splitter = LineSplitter(limit: limits.lineLimit)
        var buffer = [UInt8](repeating: 0, count: 65536)
        reading: while true {
            let count = read(child.stdoutFD, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            for piece in splitter.feed(Data(buffer[0..<count])) {
                if !handle(piece) { break reading }
            }
        }
        for piece in splitter.finish() { _ = handle(piece) }
        close(child.stdoutFD)
        // Give stderr a moment to drain so the exit report carries the child's last words.
        _ = stderrDone.wait(timeout: .now() + 1)
        let exitStatus = child.waitForExit(timeout: 1)
        let fault = AdapterFault.exited(exitStatus == nil ? "closed its output while still running" : ChildProcess.describe(exitStatus))
        let alreadyBroken = state.withLock { $0.broken != nil }
        breakChannel(fault)
        if !alreadyBroken { handler.fault(fault) }
        stdoutDone.signal()
    }

    /// Handles one stdout piece; false stops reading (the channel is broken).
    private func handle(_ piece: LineSplitter.Piece) -> Bool {
        switch piece {
        case .overlong(let prefix, let length):
            return violation("line longer than the \(limits.lineLimit)-byte limit (\(length) bytes so far), starting: \(Self.quote(prefix))")
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
                let data = reply.encodedLine()
                writer.async { [self] in _ = writeAll(data) }
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

    private func readStderr() {
        var splitter = LineSplitter(limit: 64 * 1024)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(child.stderrFD, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            for piece in splitter.feed(Data(buffer[0..<count])) { keepStderr(piece) }
        }
        for piece in splitter.finish() { keepStderr(piece) }
        close(child.stderrFD)
        stderrDone.signal()
    }

    /// Keeps the last lines for error reports and forwards up to a byte budget to the transcript;
    /// the pipe is always drained, so a flooding child never blocks on a full pipe.
    private func keepStderr(_ piece: LineSplitter.Piece) {
        let text: String
        switch piece {
        case .line(let line): text = String(decoding: line, as: UTF8.self)
        case .overlong(let prefix, let length): text = String(decoding: prefix, as: UTF8.self) + "… (\(length) bytes)"
        }
        let forward = state.withLock { state -> Bool in
            // The tail goes into error reports: short lines, so 50 of them stay readable and small.
            state.stderrTail.append(text.count > 500 ? String(text.prefix(500)) + "… (\(text.utf8.count) bytes)" : text)
            if state.stderrTail.count > 50 { state.stderrTail.removeFirst(state.stderrTail.count - 50) }
            if state.stderrBytes + text.utf8.count <= limits.stderrBudget {
                state.stderrBytes += text.utf8.count
                return true
            }
            state.stderrDropped += text.utf8.count + 1
            return false
        }
        if forward { handler.diagnostic(text) }
    }

    // MARK: Ending

    func terminate(grace: Double) async -> AdapterTermination {
        await withCheckedContinuation { continuation in
            let thread = Thread { [self] in
                continuation.resume(returning: terminateBlocking(grace: grace))
            }
            thread.name = "mamconf.adapter.\(child.pid).terminate"
            thread.start()
        }
    }

    private func terminateBlocking(grace: Double) -> AdapterTermination {
        let semaphore = DispatchSemaphore(value: 0)
        let first: Bool = state.withLock { state in
            if state.terminating {
                state.terminationWaiters.append(semaphore)
                return false
            }
            state.terminating = true
            return true
        }
        if !first {
            if let done = state.withLock({ $0.termination }) { return done }
            _ = semaphore.wait(timeout: .now() + grace + 15)
            return state.withLock { $0.termination } ?? AdapterTermination(exitDescription: ChildProcess.describe(child.exitStatus), stderrTail: [])
        }
        let ending = endChild(grace: grace)
        let waiters = state.withLock { state -> [DispatchSemaphore] in
            state.termination = ending
            defer { state.terminationWaiters.removeAll() }
            return state.terminationWaiters
        }
        waiters.forEach { $0.signal() }
        return ending
    }

    private func endChild(grace: Double) -> AdapterTermination {
        var status = child.exitStatus
        if status == nil {
            // Ask politely first: shutdown, then end of input.
            let line = Message.request(id: .number(0), method: RunnerMethod.shutdown.rawValue, params: [:]).encodedLine()
            writer.sync { _ = writeAll(line) }
            writer.sync { _ = close(child.stdinFD) }
            status = child.waitForExit(timeout: grace)
        } else {
            writer.sync { _ = close(child.stdinFD) }
        }
        // The whole group goes, also when the leader exited on its own: a wrapper's grandchildren may live on.
        child.killGroup(SIGKILL)
        if status == nil { status = child.waitForExit(timeout: 5) }
        // And whatever left the group (a daemon in a session of its own) but still carries the case's data
        // directory: it would outlive the case and hold the pipes open.
        if let marker {
            let late = ChildProcess.killProcesses(carrying: marker)
            state.withLock { $0.escaped += late }
        }
        let escaped = state.withLock { $0.escaped }
        _ = stdoutDone.wait(timeout: .now() + 5)
        let (tail, dropped) = state.withLock { ($0.stderrTail, $0.stderrDropped) }
        var description = ChildProcess.describe(status)
        if escaped > 0 { description += "; \(escaped) process(es) that had left its process group were killed" }
        if dropped > 0 { description += "; \(dropped) bytes of stderr beyond the budget were dropped" }
        return AdapterTermination(exitDescription: description, stderrTail: tail)
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
