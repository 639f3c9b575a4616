#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CForkServer
import Foundation
import Synchronization

/// An adapter started once per run that forks a fresh process for each case (`--adapter-launch fork-server`).
///
/// An exec'd adapter pays its loading and its runtime's first use again in every case; a server pays them once,
/// warm, before it has any thread, and each fork starts from there. Each case still gets a process of its own:
/// its own pipes, data directory and process group, SIGKILL when the server (and so mamconf) goes, and its marker
/// in what /proc shows of its environment, so the case's end, kill and sweep work as for an exec'd adapter. Only the
/// server can wait for its children, so their wait statuses come back over the control socket (``ChildProcess``
/// records them). The wire is `CForkServer`'s.
final class ForkServer: Sendable {
    /// Why a case could not be started through the server.
    enum Failure: Error, CustomStringConvertible {
        case cannotStart(String)
        case notReady(String)
        case ended(String)
        case refused(Int32)

        var description: String {
            switch self {
            case .cannotStart(let why): return "cannot start the adapter's fork server: \(why)"
            case .notReady(let why): return "the adapter's fork server did not get ready: \(why)"
            case .ended(let why): return "the adapter's fork server ended: \(why)"
            case .refused(let code): return "the adapter's fork server could not fork a case: \(String(cString: strerror(code)))"
            }
        }
    }

    /// The argument that tells an adapter to serve forks on its stdin.
    static let argument = "--fork-server"
    /// The most arguments of its own a case's request may carry.
    static let argumentLimit = Int(MAMCONF_FORK_ARGUMENTS_MAX)

    private let command: [String]
    private let environment: [String: String]
    private let readyDeadline: Duration
    private let answerDeadline: Duration
    private let running = Mutex<Connection?>(nil)

    /// `readyDeadline`: how long the server may take to warm up; `answerDeadline`: to answer a request to fork.
    init(command: [String], environment: [String: String], readyDeadline: Duration = .seconds(30),
         answerDeadline: Duration = .seconds(10)) {
        self.command = command
        self.environment = environment
        self.readyDeadline = readyDeadline
        self.answerDeadline = answerDeadline
    }

    deinit {
        running.withLock { $0?.close() }
    }

    /// Starts a case with `dataDirectory`, starting the server first if it is not running. The case runs as if its
    /// program had been started with `arguments` after the server's own (a mutation run's `--mutant NAME`): runs that
    /// differ only in those share one warm server. Call on ``SpawnerThread`` only: the server's parent-death signal
    /// ties it to that thread, and one request is in flight at a time.
    func spawn(dataDirectory: String, arguments: [String] = []) throws -> ChildProcess {
        try connection().fork(dataDirectory: dataDirectory, arguments: arguments)
    }

    /// Starts the server, and waits for its warm-up, unless it is running. Call on ``SpawnerThread`` only.
    func start() throws {
        _ = try connection()
    }

    /// The running server, started first if there is none.
    private func connection() throws -> Connection {
        try running.withLock { current -> Connection in
            if let current, !current.hasEnded { return current }
            let started = try Connection.start(command: command, environment: environment, readyDeadline: readyDeadline,
                                               answerDeadline: answerDeadline)
            current = started
            return started
        }
    }

    /// One running server: its control socket, its children, and what it last wrote on stderr.
    private final class Connection: Sendable {
        let control: Int32
        let serverPid: pid_t
        private struct State {
            var children: [pid_t: ChildProcess] = [:]
            /// The pipes of the request in flight, until its answer arrives.
            var pending: ChildProcess.Pipes?
            var answer: Result<ChildProcess, Failure>?
            var ended: String?
            /// Set when the run no longer needs the server: its socket closes once its last case has ended (closing it
            /// earlier would kill that case: a case dies with its server).
            var closing = false
        }
        private let state = Mutex(State())
        private let answered = DispatchSemaphore(value: 0)
        private let stderrTail: Tail

        private let answerDeadline: Duration

        private init(control: Int32, serverPid: pid_t, stderrTail: Tail, answerDeadline: Duration) {
            self.answerDeadline = answerDeadline
            self.control = control
            self.serverPid = serverPid
            self.stderrTail = stderrTail
        }

        var hasEnded: Bool { state.withLock { $0.ended != nil } }

        static func start(command: [String], environment: [String: String], readyDeadline: Duration,
                          answerDeadline: Duration) throws -> Connection {
            var ends: [Int32] = [0, 0]
            let paired = ends.withUnsafeMutableBufferPointer { mamconf_fork_socketpair($0.baseAddress!) }
            guard paired == 0 else { throw Failure.cannotStart(String(cString: strerror(paired))) }
            var errPipe: [Int32] = [0, 0]
            guard pipe(&errPipe) == 0 else {
                let code = errno
                Glibc.close(ends[0]); Glibc.close(ends[1])
                throw Failure.cannotStart(String(cString: strerror(code)))
            }
            _ = fcntl(errPipe[0], F_SETFD, FD_CLOEXEC)
            let devNull = open("/dev/null", O_WRONLY | O_CLOEXEC)
            // Room in the server's own environment block, which each child overwrites with its marker.
            var variables = environment
            variables[MAMCONF_FORK_SLOT_VARIABLE] = String(repeating: "-", count: Int(MAMCONF_FORK_PATH_MAX) + 32)
            let pid: pid_t
            do {
                defer { Glibc.close(ends[1]); Glibc.close(errPipe[1]); Glibc.close(devNull) }
                pid = try ChildProcess.launch(command + [ForkServer.argument], environment: variables,
                                              stdin: ends[1], stdout: devNull, stderr: errPipe[1])
            } catch {
                Glibc.close(ends[0]); Glibc.close(errPipe[0])
                throw Failure.cannotStart("\(error)")
            }
            let tail = Tail(reading: errPipe[0])
            let connection = Connection(control: ends[0], serverPid: pid, stderrTail: tail, answerDeadline: answerDeadline)
            connection.reapServer()
            try connection.awaitReady(deadline: readyDeadline)
            connection.startReader()
            return connection
        }

        /// Waits for READY with a deadline; on anything else the server is killed and its words reported.
        private func awaitReady(deadline: Duration) throws {
            var watched = pollfd(fd: control, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(max(0, min(deadline.inSeconds * 1000, Double(Int32.max))))
            var polled: Int32
            repeat { polled = poll(&watched, 1, milliseconds) } while polled < 0 && errno == EINTR
            var message = mamconf_fork_message()
            let got = polled > 0 ? mamconf_fork_read(control, &message) : 0
            guard polled > 0, got == 1, message.kind == Int32(MAMCONF_FORK_READY) else {
                _ = kill(serverPid, SIGKILL)
                let why = polled == 0 ? "no answer within \(deadline)" : got == 0 ? "it closed its end" : "it sent something else"
                throw Failure.notReady(diagnosis(why))
            }
        }

        /// What went wrong, with the last lines the server wrote on stderr.
        private func diagnosis(_ why: String) -> String {
            let lines = stderrTail.lines(waitingAtMost: .milliseconds(500)).suffix(5)
            return lines.isEmpty ? why : "\(why); it wrote: \(lines.joined(separator: " | "))"
        }

        /// The server is mamconf's own child: its status is collected here, so it leaves no zombie.
        private func reapServer() {
            let pid = serverPid
            let thread = Thread {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            }
            thread.name = "mamconf.fork-server.reaper"
            thread.start()
        }

        /// One thread reads every message: answers to requests and the ends of children.
        private func startReader() {
            let thread = Thread { [self] in
                var message = mamconf_fork_message()
                while true {
                    let got = mamconf_fork_read(control, &message)
                    guard got == 1 else {
                        serverEnded(got == 0 ? "it closed its end" : "reading it failed: \(String(cString: strerror(-got)))")
                        return
                    }
                    switch message.kind {
                    case Int32(MAMCONF_FORK_STARTED): started(pid: message.pid, errno: message.value)
                    case Int32(MAMCONF_FORK_EXITED):
                        let (child, last) = state.withLock { state in
                            (state.children.removeValue(forKey: message.pid), state.closing && state.children.isEmpty && state.pending == nil)
                        }
                        child?.recordExit(message.value)
                        if last { _ = shutdown(control, Int32(SHUT_RDWR)) }
                    default:
                        _ = kill(serverPid, SIGKILL)
                        serverEnded("it sent a message of unknown kind \(message.kind)")
                        return
                    }
                }
            }
            thread.name = "mamconf.fork-server"
            thread.start()
        }

        private func started(pid: pid_t, errno code: Int32) {
            state.withLock { state in
                guard let pipes = state.pending else { return }
                state.pending = nil
                if pid > 0 {
                    let child = ChildProcess.adopt(pid: pid, stdin: pipes.parent.stdin, stdout: pipes.parent.stdout, stderr: pipes.parent.stderr)
                    state.children[pid] = child
                    state.answer = .success(child)
                } else {
                    pipes.closeParentEnds()
                    state.answer = .failure(.refused(code))
                }
            }
            answered.signal()
        }

        /// Every child still running dies with the server (its parent-death signal is SIGKILL), and a request in
        /// flight gets no answer.
        private func serverEnded(_ why: String) {
            let reason = diagnosis(why)
            let (children, pending) = state.withLock { state -> ([ChildProcess], Bool) in
                state.ended = reason
                defer { state.children.removeAll() }
                return (Array(state.children.values), state.pending != nil)
            }
            children.forEach { $0.recordExit(SIGKILL) }
            if pending { answered.signal() }
        }

        func fork(dataDirectory: String, arguments: [String]) throws -> ChildProcess {
            guard dataDirectory.utf8.count < Int(MAMCONF_FORK_PATH_MAX) else { throw Failure.refused(ENAMETOOLONG) }
            guard arguments.count <= ForkServer.argumentLimit,
                  dataDirectory.utf8.count + arguments.reduce(0, { $0 + $1.utf8.count + 1 }) < Int(MAMCONF_FORK_REQUEST_MAX)
            else { throw Failure.refused(E2BIG) }
            let pipes: ChildProcess.Pipes
            do { pipes = try ChildProcess.Pipes.make() } catch { throw Failure.refused(error.code) }
            if let reason = state.withLock({ state -> String? in
                if state.ended == nil { state.pending = pipes; state.answer = nil }
                return state.ended
            }) {
                pipes.closeChildEnds(); pipes.closeParentEnds()
                throw Failure.ended(reason)
            }
            let words = arguments.map { strdup($0) }
            defer { words.forEach { free($0) } }
            let sent = words.map { UnsafePointer<CChar>($0) }.withUnsafeBufferPointer { pointers in
                mamconf_fork_request(control, dataDirectory, pointers.baseAddress, Int32(pointers.count),
                                     pipes.child.stdin, pipes.child.stdout, pipes.child.stderr)
            }
            pipes.closeChildEnds()
            guard sent == 0 else {
                state.withLock { $0.pending = nil }
                pipes.closeParentEnds()
                throw Failure.ended("a request could not be sent: \(String(cString: strerror(sent)))")
            }
            if answered.wait(timeout: .now() + answerDeadline.inSeconds) == .timedOut {
                // A server that takes this long to fork is stuck: it is ended, and this case with it.
                _ = kill(serverPid, SIGKILL)
                _ = answered.wait(timeout: .now() + 5)
            }
            let outcome = state.withLock { state -> Result<ChildProcess, Failure> in
                if let answer = state.answer { state.answer = nil; return answer }
                state.pending = nil
                return .failure(.ended(state.ended ?? "no answer"))
            }
            if case .failure(.ended) = outcome { pipes.closeParentEnds() }
            return try outcome.get()
        }

        /// Closing mamconf's end makes the server return and exit: now when no case is running, else when the last
        /// one ends.
        func close() {
            let idle = state.withLock { state -> Bool in
                state.closing = true
                return state.children.isEmpty && state.pending == nil
            }
            if idle { _ = shutdown(control, Int32(SHUT_RDWR)) }
        }

        deinit {
            Glibc.close(control)
        }
    }

    /// The last few kilobytes a server wrote on stderr, read on a thread of its own until it closes the pipe.
    private final class Tail: Sendable {
        private let text = Mutex([UInt8]())
        private let done = DispatchSemaphore(value: 0)
        private static let keep = 4096

        init(reading fd: Int32) {
            let thread = Thread { [self] in
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    let count = read(fd, &buffer, buffer.count)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { break }
                    text.withLock { kept in
                        kept.append(contentsOf: buffer[0..<count])
                        if kept.count > Self.keep { kept.removeFirst(kept.count - Self.keep) }
                    }
                }
                Glibc.close(fd)
                done.signal()
            }
            thread.name = "mamconf.fork-server.stderr"
            thread.start()
        }

        /// Its lines so far, after waiting at most `wait` for the pipe to close (a dead server's last words).
        func lines(waitingAtMost wait: Duration) -> [String] {
            if done.wait(timeout: .now() + wait.inSeconds) == .success { done.signal() }
            let bytes = text.withLock { $0 }
            return String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
        }
    }
}
