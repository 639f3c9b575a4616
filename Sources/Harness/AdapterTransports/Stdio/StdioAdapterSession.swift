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
/// every wait has a deadline; nothing here blocks the Swift concurrency pool. The protocol itself (requests,
/// answers, events, questions) is the `ProtocolChannel`'s; this type owns the process and its pipes.
final class StdioAdapterSession: SDKAdapterSession {
    private struct State {
        var stderrTail: [String] = []
        var stderrBytes = 0
        var stderrDropped = 0
        /// Set by the first `terminate`; later calls wait for and return the same ending.
        var termination: AdapterTermination?
        var terminating = false
        var terminationWaiters: [DispatchSemaphore] = []
        /// Processes killed because they had left the process group and still carried the case's marker.
        var escaped = 0
    }

    private let child: ChildProcess
    /// The adapter's process.
    var pid: pid_t { child.pid }
    private let handler: any InboundHandler
    private let limits: StdioAdapterFactory.Limits
    private let state = Mutex(State())
    private let pipe: PipeOutput
    private let channel: ProtocolChannel
    private let stdoutDone = DispatchSemaphore(value: 0)
    private let stderrDone = DispatchSemaphore(value: 0)

    /// The environment entry every process of this integration carries (its data directory).
    private let marker: String?
    /// Signalled once the exit sweep below has counted what it killed, so the termination report includes it.
    private let exitSwept = DispatchSemaphore(value: 0)

    init(child: ChildProcess, handler: any InboundHandler, limits: StdioAdapterFactory.Limits, tap: WireTap? = nil, marker: String? = nil) {
        self.marker = marker
        self.child = child
        self.handler = handler
        self.limits = limits
        let pipe = PipeOutput(child: child, stall: limits.writeStall)
        self.pipe = pipe
        self.channel = ProtocolChannel(handler: handler, output: pipe, lineLimit: limits.lineLimit, tap: tap)
        pipe.channel = channel
        // When the integration's process ends, whatever it left behind goes with it: a descendant that kept
        // the pipes open would otherwise hide the exit until a deadline.
        if let marker {
            child.onExit { [child, weak self, exitSwept] in
                child.killGroup(SIGKILL)
                let escaped = ChildProcess.killProcesses(carrying: marker)
                self?.state.withLock { $0.escaped += escaped }
                exitSwept.signal()
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

    func request(_ method: String, params: JSONValue, timeout: Duration) async throws(AdapterFault) -> JSONValue {
        try await channel.request(method, params: params, timeout: timeout)
    }

    // MARK: Reading

    private func readStdout() {
        var splitter = LineSplitter(limit: limits.lineLimit)
        var buffer = Self.readBuffer()
        reading: while true {
            let count = read(child.stdoutFD, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            for piece in splitter.feed(Data(buffer[0..<count])) {
                if !channel.receive(piece) { break reading }
            }
        }
        for piece in splitter.finish() { _ = channel.receive(piece) }
        close(child.stdoutFD)
        // Give stderr a moment to drain so the exit report carries the child's last words.
        _ = stderrDone.wait(timeout: .now() + 1)
        let exitStatus = child.waitForExit(timeout: .seconds(1))
        let fault = AdapterFault.exited(exitStatus == nil ? "closed its output while still running" : ChildProcess.describe(exitStatus))
        if channel.breakChannel(fault) { handler.fault(fault) }
        stdoutDone.signal()
    }

    /// 64 KiB for `read` to fill, not zeroed first: only the bytes a read returns are looked at.
    private static func readBuffer() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 65536) { _, count in count = 65536 }
    }

    private func readStderr() {
        var splitter = LineSplitter(limit: 64 * 1024)
        var buffer = Self.readBuffer()
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

    func terminate(grace: Duration) async -> AdapterTermination {
        await withCheckedContinuation { continuation in
            let thread = Thread { [self] in
                continuation.resume(returning: terminateBlocking(grace: grace))
            }
            thread.name = "mamconf.adapter.\(child.pid).terminate"
            thread.start()
        }
    }

    private func terminateBlocking(grace: Duration) -> AdapterTermination {
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
            _ = semaphore.wait(timeout: .now() + grace.inSeconds + 15)
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

    private func endChild(grace: Duration) -> AdapterTermination {
        var status = child.exitStatus
        if status == nil {
            // Ask politely first: shutdown, then end of input.
            channel.sendFarewell()
            pipe.closeInput()
            status = child.waitForExit(timeout: grace)
        } else {
            pipe.closeInput()
        }
        // How it ended by itself, before the kill below: a signal of its own making is a crash.
        let crash = status.flatMap(ChildProcess.crashDescription)
        // The whole group goes, also when the leader exited on its own: a wrapper's grandchildren may live on.
        child.killGroup(SIGKILL)
        if status == nil { status = child.waitForExit(timeout: .seconds(5)) }
        // And whatever left the group (a daemon in a session of its own) but still carries the case's data
        // directory: it would outlive the case and hold the pipes open.
        if let marker {
            // The sweep that runs when the process ends may be killing a daemon right now: its count must be in
            // before this report is written (the daemon's death is what ended the case).
            let exitSweepDone = status != nil && exitSwept.wait(timeout: .now() + 5) == .success
            sweepAgain(marker, cleanSoFar: exitSweepDone && state.withLock { $0.escaped } == 0)
        }
        let escaped = state.withLock { $0.escaped }
        _ = stdoutDone.wait(timeout: .now() + 5)
        let (tail, dropped) = state.withLock { ($0.stderrTail, $0.stderrDropped) }
        var description = ChildProcess.describe(status)
        if escaped > 0 { description += "; \(escaped) process(es) that had left its process group were killed" }
        if dropped > 0 { description += "; \(dropped) bytes of stderr beyond the budget were dropped" }
        return AdapterTermination(exitDescription: description, stderrTail: tail, crash: crash)
    }
}

extension StdioAdapterSession {
    /// Most sweeps after the exit sweep: each kills what carried the marker, and only a sweep that killed something
    /// leaves room for a process forked while it ran.
    static let sweepRounds = 8

    /// Sweeps for processes carrying `marker` until one finds none, unless the sweep before was already clean.
    fileprivate func sweepAgain(_ marker: String, cleanSoFar: Bool) {
        let killed = Self.sweepUntilClean(cleanSoFar: cleanSoFar) { ChildProcess.killProcesses(carrying: marker) }
        if killed > 0 { state.withLock { $0.escaped += killed } }
    }

    /// Runs `sweep` (which returns how many it killed) until it kills nothing, at most ``sweepRounds`` times, and
    /// not at all when the sweep before was clean. Returns how many were killed in all.
    ///
    /// A clean sweep after the group's kill settles it: only a process carrying the marker can start another, and
    /// the group's members die with their kill (a fork racing it fails), so none is left to start one. A sweep
    /// reads every process on the machine (about 1 ms for 70 processes here): the second sweep every case used to
    /// make was most of the harness's system time in a case (issue 30).
    static func sweepUntilClean(cleanSoFar: Bool, rounds: Int = sweepRounds, sweep: () -> Int) -> Int {
        var clean = cleanSoFar
        var total = 0
        var done = 0
        while !clean, done < rounds {
            let killed = sweep()
            total += killed
            clean = killed == 0
            done += 1
        }
        return total
    }
}

/// The child's stdin, written in order: on the sender's thread when nothing waits to be written and the pipe takes
/// the line whole, else on a serial queue. A write that makes no progress for the stall limit means the integration
/// stopped reading: the channel breaks (the case becomes an error) and the integration is killed, so no write can
/// hold up the run, its other writes or its shutdown.
final class PipeOutput: ChannelOutput, @unchecked Sendable {
    // Unchecked for `channel` alone: it is set once, before the first line is sent, and only read afterwards.
    private let child: ChildProcess
    private let writer: DescriptorWriter
    private let queue = DispatchQueue(label: "mamconf.adapter.writer")
    /// Set once, before the first line is sent (the channel and its output refer to each other).
    weak var channel: ProtocolChannel?

    private struct Writes {
        /// Lines handed to the queue and not yet written: while there are any, later lines queue behind them.
        var queued = 0
        var stalled = false
        var closed = false
    }

    /// Held while a line is written on the sender's thread (a write that does not wait), and while stdin closes.
    private let writes = Mutex(Writes())

    init(child: ChildProcess, stall: Duration) {
        self.child = child
        self.writer = DescriptorWriter(fd: child.stdinFD, stall: stall, isSocket: false)
    }

    func send(_ line: Data, failed: @escaping @Sendable (AdapterFault) -> Void) {
        // The rest goes to the queue under the lock: handed over after it, a line whose first part the pipe took could
        // be overtaken by a later sender's whole line, which then landed inside it.
        writes.withLock { writes in
            guard writes.queued == 0, !writes.stalled, !writes.closed else {
                writes.queued += 1
                writeLater(line, failed: failed)
                return
            }
            guard let rest = writer.writeWithoutWaiting(line) else { return }
            writes.queued += 1
            writeLater(rest, failed: failed)
        }
    }

    /// Writes `rest` on the queue, after every line queued before it. Called under `writes`' lock, which the block
    /// takes only when it runs.
    private func writeLater(_ rest: Data, failed: @escaping @Sendable (AdapterFault) -> Void) {
        queue.async { [self] in
            defer { writes.withLock { $0.queued -= 1 } }
            let (stalled, closed) = writes.withLock { ($0.stalled, $0.closed) }
            if stalled || closed {
                failed(.exited("stdin closed before the line could be sent (\(ChildProcess.describe(child.waitForExit(timeout: .seconds(1)))))"))
                return
            }
            switch writer.write(rest) {
            case .written:
                return
            case .stalled:
                writes.withLock { $0.stalled = true }
                let fault = AdapterFault.notReading(after: writer.stall)
                if let channel, channel.breakChannel(fault) { channel.handler.fault(fault) }
                // A reader that stopped will not read a polite shutdown either.
                child.killGroup(SIGKILL)
                failed(fault)
            case .failed:
                failed(.exited("stdin closed before the line could be sent (\(ChildProcess.describe(child.waitForExit(timeout: .seconds(1)))))"))
            }
        }
    }

    /// Closes stdin after every line queued so far was written (end of input for the integration).
    func closeInput() {
        queue.sync {
            writes.withLock { writes in
                if !writes.closed { _ = close(child.stdinFD) }
                writes.closed = true
            }
        }
    }
}
