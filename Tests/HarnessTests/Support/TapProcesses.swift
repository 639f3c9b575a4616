#if canImport(Glibc)
import Glibc
#endif
import CSpawn
import Foundation
import TestSupport
import Testing

/// The Python wire tap (examples/python-tap) and the processes its tests start around it.
enum PythonTap {
    static var script: String { "\(Repository.root)/examples/python-tap/mamconf_tap.py" }

    /// `python3 mamconf_tap.py --log LOG` followed by `rest` (the mode's options, or `--` and the adapter).
    static func command(log: String, _ rest: [String]) -> [String] {
        ["python3", script, "--log", log] + rest
    }

    static var execServer: String { "\(Repository.testData)/adapters/tcp_exec_server.py" }
}

/// One line of the tap's log: `TIME +OFFSET KIND TEXT`.
struct TapLogLine: Equatable, CustomStringConvertible {
    var time: String
    var offset: Double
    var kind: String
    var text: String

    var description: String { "\(time) +\(offset) \(kind) \(text)" }

    static var timePattern: Regex<AnyRegexOutput> { try! Regex(#"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z"#) }
    static var offsetPattern: Regex<AnyRegexOutput> { try! Regex(#"\+\d+\.\d{6}"#) }

    /// Waits until the log at `path` holds `count` whole lines of `kind` whose text ends in `suffix`, for at most
    /// `seconds`; false at the deadline. Woken by inotify when the file changes, never by a timer: a tap logs a
    /// session's end only after the runner's side saw it end, so a test must wait for the line before it stops the tap.
    /// Blocks: call it off the concurrency pool.
    static func waitFor(_ count: Int, _ kind: String, endingWith suffix: String, in path: String, within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        let watcher = inotify_init1(Int32(IN_CLOEXEC))
        guard watcher >= 0 else { return false }
        defer { close(watcher) }
        guard inotify_add_watch(watcher, path, UInt32(IN_MODIFY)) >= 0 else { return false }
        var events = [UInt8](repeating: 0, count: 4096)
        while true {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            let found = text.split(separator: "\n").dropLast(text.hasSuffix("\n") ? 0 : 1).filter { line in
                let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
                return fields.count == 4 && fields[2] == kind && fields[3].hasSuffix(suffix)
            }
            if found.count >= count { return true }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            var ready = pollfd(fd: watcher, events: Int16(POLLIN), revents: 0)
            if poll(&ready, 1, Int32(left * 1000) + 1) > 0 { _ = Glibc.read(watcher, &events, events.count) }
        }
    }

    /// Every line of the log; a line that does not have the documented shape is recorded as an issue.
    static func read(_ path: String) throws -> [TapLogLine] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("\n"), "the log ends with a whole line")
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, (try? timePattern.wholeMatch(in: fields[0])) != nil,
                  (try? offsetPattern.wholeMatch(in: fields[1])) != nil, let offset = Double(fields[1].dropFirst()) else {
                Issue.record("log line not in the documented format: \(line.prefix(300))")
                return nil
            }
            return TapLogLine(time: fields[0], offset: offset, kind: fields[2], text: fields[3])
        }
    }
}

/// A process a test starts by itself: stdin from `input` (a file the process reads to its end) or, without it,
/// a pipe the test closes when it wants; stdout and stderr read by the test. Started on the calling thread,
/// which must be a dedicated one (see ``SpawnedProcess``) that lives until ``wait(seconds:)`` returns.
final class TestProcess {
    let pid: pid_t
    private let process: SpawnedProcess
    private var inputFD: Int32
    private let outputFD: Int32
    private var pending = Data()

    init(_ arguments: [String], input: Data? = nil, stderr: Int32 = STDERR_FILENO) throws {
        var stdinFD: Int32
        if let input {
            let file = NSTemporaryDirectory() + "mamconf-tap-input-\(UUID().uuidString)"
            try input.write(to: URL(fileURLWithPath: file))
            stdinFD = open(file, O_RDONLY | O_CLOEXEC)
            unlink(file)
            inputFD = -1
        } else {
            var ends: [Int32] = [0, 0]
            guard makePipe(&ends) else { throw POSIXError(.EMFILE) }
            stdinFD = ends[0]
            inputFD = ends[1]
        }
        var out: [Int32] = [0, 0]
        guard makePipe(&out) else { throw POSIXError(.EMFILE) }
        defer {
            close(stdinFD)
            close(out[1])
        }
        process = try SpawnedProcess(arguments, stdin: stdinFD, stdout: out[1], stderr: stderr)
        pid = process.pid
        outputFD = out[0]
    }

    deinit {
        if inputFD >= 0 { close(inputFD) }
        close(outputFD)
    }

    /// Ends the process's input (the pipe's write end).
    func closeInput() {
        if inputFD >= 0 { close(inputFD) }
        inputFD = -1
    }

    /// Reads stdout until `until` holds for what was read, the output ends, or the deadline passes.
    @discardableResult
    func read(seconds: Double, until: (Data) -> Bool = { _ in false }) -> (output: Data, ended: Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !until(pending) {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return (pending, false) }
            var ready = pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0)
            if poll(&ready, 1, Int32(left * 1000) + 1) <= 0 { continue }
            let count = Glibc.read(outputFD, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return (pending, true) }
            pending.append(contentsOf: buffer[0..<count])
        }
        return (pending, false)
    }

    /// Reads stdout to its end and waits for the exit: the exit status (128 + N for signal N), or nil when the
    /// deadline passed first, after which the process is killed.
    func wait(seconds: Double) -> (status: Int32?, output: Data) {
        let deadline = Date().addingTimeInterval(seconds)
        let (output, ended) = read(seconds: seconds)
        var exited = false
        if ended {
            let pidfd = mamconf_pidfd_open(pid)
            var ready = pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)
            exited = poll(&ready, 1, Int32(max(0, deadline.timeIntervalSinceNow) * 1000) + 1) == 1
            close(pidfd)
        }
        if !exited { kill(pid, SIGKILL) }
        let status = process.waitForExit()
        return (exited ? status : nil, output)
    }

    /// Runs a process to its end on a dedicated thread: its status (nil: killed at the deadline) and stdout.
    static func run(_ arguments: [String], input: Data?, seconds: Double = 60) async throws -> (status: Int32?, output: Data) {
        try await offPool {
            try TestProcess(arguments, input: input).wait(seconds: seconds)
        }
    }
}

/// A pipe whose ends are not inherited by processes started later (mamconf's spawner closes them in the child too).
private func makePipe(_ ends: inout [Int32]) -> Bool {
    guard pipe(&ends) == 0 else { return false }
    for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return true
}
