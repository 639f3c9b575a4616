#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import Testing
import TestSupport

/// A network test host for tests: `mamconf-reference --listen 0 …` (or any command that prints
/// "listening on HOST:PORT" on stderr), started on a thread that lives as long as the process (its parent-death
/// signal is tied to that thread), with its port read from its own announcement.
final class ListeningHost: Sendable {
    let pid: pid_t
    let port: UInt16
    private let exited = DispatchSemaphore(value: 0)
    private let stderrLines = Mutex<[String]>([])

    private init(pid: pid_t, port: UInt16) {
        self.pid = pid
        self.port = port
    }

    var address: String { "tcp://127.0.0.1:\(port)" }

    /// The host's stderr so far (its diagnostics).
    var stderr: [String] { stderrLines.withLock { $0 } }

    /// Starts the reference listening on a free port (or `port`), with extra arguments.
    static func reference(_ arguments: [String] = [], port: UInt16 = 0, environment: [String: String]? = nil) async throws -> ListeningHost {
        let data = NSTemporaryDirectory() + "mamconf-host-\(UUID().uuidString.prefix(8))"
        return try await start([try EndToEnd.referenceExecutable(), "--listen", "\(port)", "--data-dir", data] + arguments, environment: environment)
    }

    /// Starts `arguments` and waits (at most 20 s) for its "listening on HOST:PORT" line; with `mergingStandardOutput`
    /// its stdout goes to the same pipe (a program that announces itself on stdout, like `mamconf mock-backend`).
    static func start(
        _ arguments: [String], environment: [String: String]? = nil, mergingStandardOutput: Bool = false
    ) async throws -> ListeningHost {
        let started: Result<ListeningHost, any Error> = await withCheckedContinuation { continuation in
            let thread = Thread {
                var fds: [Int32] = [0, 0]
                guard pipe(&fds) == 0 else {
                    continuation.resume(returning: .failure(SpawnedProcess.Failure.cannotStart("pipe", errno)))
                    return
                }
                _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
                let nothing = open("/dev/null", O_RDWR | O_CLOEXEC)
                let process: SpawnedProcess
                do {
                    process = try SpawnedProcess(
                        arguments, environment: environment, stdin: nothing, stdout: mergingStandardOutput ? fds[1] : nothing,
                        stderr: fds[1])
                } catch {
                    close(fds[0]); close(fds[1]); close(nothing)
                    continuation.resume(returning: .failure(error))
                    return
                }
                close(fds[1]); close(nothing)
                var host: ListeningHost?
                var pending = Data()
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    let count = read(fds[0], &buffer, buffer.count)
                    if count < 0 && errno == EINTR { continue }
                    if count <= 0 { break }
                    pending.append(contentsOf: buffer[0..<count])
                    while let newline = pending.firstIndex(of: 0x0A) {
                        let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                        pending = Data(pending[(newline + 1)...])
                        host?.stderrLines.withLock { $0.append(line) }
                        if host == nil, let range = line.range(of: "listening on "),
                           let port = line[range.upperBound...].split(separator: " ").first?.split(separator: ":").last.flatMap({ UInt16($0) }) {
                            let created = ListeningHost(pid: process.pid, port: port)
                            created.stderrLines.withLock { $0.append(line) }
                            host = created
                            continuation.resume(returning: .success(created))
                        }
                    }
                }
                close(fds[0])
                _ = process.waitForExit()
                if let host { host.exited.signal() } else {
                    continuation.resume(returning: .failure(SpawnedProcess.Failure.cannotStart(arguments[0], ECHILD)))
                }
            }
            thread.name = "test.listening-host"
            thread.start()
        }
        return try started.get()
    }

    /// Sends a signal to the host (SIGKILL: as if the device's app crashed).
    func kill(_ signal: Int32 = SIGKILL) { _ = Glibc.kill(pid, signal) }

    /// Ends the host and waits for it (at most 10 s).
    func stop() async {
        kill(SIGKILL)
        await waitForExit(within: 10)
    }

    /// Waits until the host has exited, or the deadline.
    @discardableResult
    func waitForExit(within seconds: Double) async -> Bool {
        let exited = self.exited
        return await withCheckedContinuation { continuation in
            let thread = Thread {
                let done = exited.wait(timeout: .now() + seconds) == .success
                if done { exited.signal() }
                continuation.resume(returning: done)
            }
            thread.start()
        }
    }
}
