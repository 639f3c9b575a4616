import AdapterProtocol
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSpawn
import Foundation
import Synchronization

/// A child process in its own process group, with pipes for stdin, stdout and stderr.
///
/// Foundation's `Process` cannot put a child into a new process group, and killing only the direct
/// child would leave a wrapper script's grandchildren running; so this forks in C (`CSpawn`) into a group of its
/// own, with a parent-death signal so even a SIGKILL of mamconf takes the adapter along, and kills the whole
/// group when the case ends.
final class ChildProcess: Sendable {
    let pid: pid_t
    let stdinFD: Int32
    let stdoutFD: Int32
    let stderrFD: Int32

    private struct ExitState {
        var status: Int32?
        var waiters: [DispatchSemaphore] = []
        var exitHandlers: [@Sendable () -> Void] = []
    }

    private let exitState = Mutex(ExitState())

    enum SpawnError: Error, CustomStringConvertible {
        case notFound(String)
        case failed(String, Int32)

        var description: String {
            switch self {
            case .notFound(let path): return "executable not found or not executable: \(path)"
            case .failed(let path, let code): return "cannot start \(path): \(String(cString: strerror(code)))"
            }
        }
    }

    private init(pid: pid_t, stdin: Int32, stdout: Int32, stderr: Int32) {
        self.pid = pid
        self.stdinFD = stdin
        self.stdoutFD = stdout
        self.stderrFD = stderr
    }

    /// Starts `arguments[0]` (a path, or a name looked up in PATH) with exactly `environment`: nothing of mamconf's
    /// own environment is inherited (``AdapterEnvironment`` decides what an adapter gets).
    static func spawn(_ arguments: [String], environment: [String: String]) throws -> ChildProcess {
        let pipes: Pipes
        do { pipes = try Pipes.make() } catch { throw SpawnError.failed(arguments.first ?? "", error.code) }
        let pid: pid_t
        do {
            defer { pipes.closeChildEnds() }
            pid = try launch(arguments, environment: environment, stdin: pipes.child.stdin, stdout: pipes.child.stdout,
                             stderr: pipes.child.stderr)
        } catch {
            pipes.closeParentEnds()
            throw error
        }
        let child = ChildProcess(pid: pid, stdin: pipes.parent.stdin, stdout: pipes.parent.stdout, stderr: pipes.parent.stderr)
        child.startReaper()
        return child
    }

    /// Starts `arguments[0]` (a path, or a name looked up in PATH) with exactly `environment` and the given
    /// descriptors as its stdin, stdout and stderr; returns its pid. Waiting for it is the caller's business.
    static func launch(_ arguments: [String], environment: [String: String], stdin: Int32, stdout: Int32, stderr: Int32) throws(SpawnError) -> pid_t {
        guard let program = arguments.first, let path = resolve(program) else {
            throw SpawnError.notFound(arguments.first ?? "")
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        // fork/exec in C: a process group of its own, default signal handling, an empty mask, and a
        // parent-death signal (must be called on `SpawnerThread`, which lives as long as mamconf).
        let rc = mamconf_spawn(path, argv, envp, nil, stdin, stdout, stderr, &pid)
        guard rc == 0 else { throw SpawnError.failed(path, rc) }
        return pid
    }

    private static func resolve(_ program: String) -> String? { AdapterCommand.resolve(program) }

    /// A process another process forked for mamconf (a ``ForkServer``'s child), with the parent's ends of its
    /// pipes. Its wait status arrives through ``recordExit(_:)``: only its parent can wait for it.
    static func adopt(pid: pid_t, stdin: Int32, stdout: Int32, stderr: Int32) -> ChildProcess {
        ChildProcess(pid: pid, stdin: stdin, stdout: stdout, stderr: stderr)
    }

    /// The three pipes of a child about to start: the child's ends (stdin, stdout, stderr) and the parent's, the
    /// parent's close-on-exec so they leak into no child.
    struct Pipes {
        var child: (stdin: Int32, stdout: Int32, stderr: Int32)
        var parent: (stdin: Int32, stdout: Int32, stderr: Int32)

        static func make() throws(Errno) -> Pipes {
            var inPipe: [Int32] = [0, 0], outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
            guard pipe(&inPipe) == 0 else { throw Errno(errno) }
            guard pipe(&outPipe) == 0 else { let code = errno; close(inPipe[0]); close(inPipe[1]); throw Errno(code) }
            guard pipe(&errPipe) == 0 else {
                let code = errno
                [inPipe[0], inPipe[1], outPipe[0], outPipe[1]].forEach { close($0) }
                throw Errno(code)
            }
            for fd in [inPipe[1], outPipe[0], errPipe[0]] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return Pipes(child: (inPipe[0], outPipe[1], errPipe[1]), parent: (inPipe[1], outPipe[0], errPipe[0]))
        }

        func closeChildEnds() { close(child.stdin); close(child.stdout); close(child.stderr) }
        func closeParentEnds() { close(parent.stdin); close(parent.stdout); close(parent.stderr) }
    }

    /// An errno, as a pipe or a start reports it.
    struct Errno: Error { var code: Int32; init(_ code: Int32) { self.code = code } }

    /// A dedicated thread blocks in waitpid, so exit is noticed without polling.
    private func startReaper() {
        let pid = self.pid
        let thread = Thread { [self] in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            recordExit(status)
        }
        thread.name = "mamconf.reaper.\(pid)"
        thread.start()
    }

    /// Records how the child ended and wakes whoever waits for it (once; a second report is ignored).
    func recordExit(_ status: Int32) {
        let (waiters, handlers) = exitState.withLock { state -> ([DispatchSemaphore], [@Sendable () -> Void]) in
            guard state.status == nil else { return ([], []) }
            state.status = status
            defer { state.waiters.removeAll(); state.exitHandlers.removeAll() }
            return (state.waiters, state.exitHandlers)
        }
        waiters.forEach { $0.signal() }
        handlers.forEach { $0() }
    }

    /// Runs `body` on the reaper thread once the child has exited (at once when it already has).
    func onExit(_ body: @escaping @Sendable () -> Void) {
        let exited = exitState.withLock { state -> Bool in
            if state.status != nil { return true }
            state.exitHandlers.append(body)
            return false
        }
        if exited { body() }
    }

    /// Blocks the calling (non-pool) thread until the child exits or the timeout passes.
    func waitForExit(timeout: Duration) -> Int32? {
        let semaphore = DispatchSemaphore(value: 0)
        let done: Int32? = exitState.withLock { state in
            if let status = state.status { return status }
            state.waiters.append(semaphore)
            return nil
        }
        if let done { return done }
        _ = semaphore.wait(timeout: .now() + timeout.inSeconds)
        return exitState.withLock { $0.status }
    }

    var exitStatus: Int32? { exitState.withLock { $0.status } }

    /// Kills the whole process group, so grandchildren started by a wrapper die too.
    func killGroup(_ signal: Int32 = SIGKILL) {
        _ = kill(-pid, signal)
        _ = kill(pid, signal)
    }

    /// Kills every process whose environment carries `marker` (`NAME=value`, as the child was started with):
    /// descendants that left the process group (a daemon that called `setsid`) still carry it. Returns how
    /// many were killed, once they have ended or `within` has passed: a SIGKILL takes effect when the process is
    /// next scheduled, which on a loaded machine can be after mamconf has reported the case and exited, and "no
    /// process left behind" must hold when mamconf says the case is over. /proc is read once, with plain system
    /// calls: this runs at least once per case over every process on the machine, and Foundation's directory
    /// listing and file reading cost several times as much.
    static func killProcesses(carrying marker: String, endingWithin wait: Duration = .seconds(5)) -> Int {
        let needle = Array(marker.utf8) + [0]
        let own = getpid()
        var killed = 0
        var dying: [Int32] = []
        guard let proc = opendir("/proc") else { return 0 }
        defer { closedir(proc) }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while let entry = readdir(proc) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let other = Int32(name), other != own,
                  let environment = readEnvironment("/proc/\(name)/environ", into: &buffer) else { continue }
            // Entries are NUL-terminated; the marker must be a whole entry, not the tail of another.
            guard contains(environment, entry: needle) else { continue }
            // Opened before the kill, so the descriptor names this process and not a later one with its pid.
            let ends = mamconf_pidfd_open(other)
            if kill(other, SIGKILL) == 0 {
                killed += 1
                if ends >= 0 { dying.append(ends) }
            } else if ends >= 0 {
                close(ends)
            }
        }
        waitUntilEnded(dying, within: wait)
        return killed
    }

    /// Blocks until every process descriptor in `descriptors` is readable (its process ended), or `within` has
    /// passed; closes them all.
    static func waitUntilEnded(_ descriptors: [Int32], within wait: Duration) {
        defer { descriptors.forEach { close($0) } }
        var waiting = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let deadline = ContinuousClock.now + wait
        while !waiting.isEmpty {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return }
            let ready = poll(&waiting, nfds_t(waiting.count), Int32(min(left.inSeconds * 1000, Double(Int32.max)).rounded(.up)))
            if ready < 0 && errno != EINTR { return }
            waiting.removeAll { $0.revents != 0 }
        }
    }

    /// The file's bytes (nil when it cannot be read: another user's process, or one that is gone).
    private static func readEnvironment(_ path: String, into buffer: inout [UInt8]) -> ArraySlice<UInt8>? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var count = 0
        while true {
            if count == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
            let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return got == 0 ? buffer[..<count] : nil }
            count += got
        }
    }

    /// Whether `entry` (NUL-terminated) is one of the NUL-separated entries of `environment`.
    static func contains(_ environment: ArraySlice<UInt8>, entry: [UInt8]) -> Bool {
        var start = environment.startIndex
        while start + entry.count <= environment.endIndex {
            if environment[start..<(start + entry.count)].elementsEqual(entry) { return true }
            guard let end = environment[start...].firstIndex(of: 0) else { return false }
            start = end + 1
        }
        return false
    }

    /// "exit code 3", "killed by signal 9 (SIGKILL)", or "still running".
    /// "killed by signal 6 (SIGABRT)" when `status` is a death by a signal only a crash sends (the process's
    /// own fault, not a kill from outside); nil otherwise.
    static func crashDescription(_ status: Int32) -> String? {
        let signal = status & 0x7f
        guard signal != 0, [SIGSEGV, SIGABRT, SIGILL, SIGTRAP, SIGBUS, SIGFPE].contains(signal) else { return nil }
        return describe(status)
    }

    static func describe(_ status: Int32?) -> String {
        guard let status else { return "still running" }
        let low = status & 0x7f
        if low == 0 { return "exit code \((status >> 8) & 0xff)" }
        let name: String
        switch low {
        case SIGKILL: name = "SIGKILL"
        case SIGTERM: name = "SIGTERM"
        case SIGSEGV: name = "SIGSEGV"
        case SIGABRT: name = "SIGABRT"
        case SIGILL: name = "SIGILL"
        case SIGTRAP: name = "SIGTRAP"
        case SIGBUS: name = "SIGBUS"
        case SIGPIPE: name = "SIGPIPE"
        case SIGINT: name = "SIGINT"
        default: name = "signal"
        }
        return "killed by signal \(low) (\(name))"
    }
}
