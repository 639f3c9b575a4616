#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// A child process a test starts, signals and waits for from any thread or task, without Foundation's `Process`.
///
/// A ``SpawnedProcess`` dies with the thread that started it, so this one is started by a thread of its own that
/// then waits for it: the child lives exactly as long as it runs, whichever thread or task started or awaits it.
public final class BackgroundProcess: Sendable {
    public let pid: pid_t

    private struct Exit {
        var code: Int32?
        var tasks: [CheckedContinuation<Int32, Never>] = []
        var threads: [DispatchSemaphore] = []
    }

    private let exit = Mutex(Exit())

    private init(pid: pid_t) { self.pid = pid }

    /// Starts `arguments` (see ``SpawnedProcess/init(_:environment:directory:stdin:stdout:stderr:)``); the
    /// descriptors are the child's standard input, output and error and stay the caller's to close.
    public static func start(_ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
                             stdin: Int32, stdout: Int32, stderr: Int32) async throws -> BackgroundProcess {
        try await withCheckedThrowingContinuation { started in
            launch(arguments, environment: environment, directory: directory, stdin: stdin, stdout: stdout, stderr: stderr) {
                started.resume(with: $0)
            }
        }
    }

    /// The blocking form of ``start(_:environment:directory:stdin:stdout:stderr:)``, for code already on a
    /// dedicated thread.
    public static func startBlocking(_ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
                                     stdin: Int32, stdout: Int32, stderr: Int32) throws -> BackgroundProcess {
        let outcome = Mutex<Result<BackgroundProcess, any Error>?>(nil)
        let started = DispatchSemaphore(value: 0)
        launch(arguments, environment: environment, directory: directory, stdin: stdin, stdout: stdout, stderr: stderr) { result in
            outcome.withLock { $0 = result }
            started.signal()
        }
        started.wait()
        return try outcome.withLock { $0! }.get()
    }

    private static func launch(_ arguments: [String], environment: [String: String]?, directory: String?,
                               stdin: Int32, stdout: Int32, stderr: Int32,
                               started: @escaping @Sendable (Result<BackgroundProcess, any Error>) -> Void) {
        Thread {
            let child: SpawnedProcess
            do {
                child = try SpawnedProcess(arguments, environment: environment, directory: directory,
                                           stdin: stdin, stdout: stdout, stderr: stderr)
            } catch {
                started(.failure(error))
                return
            }
            let process = BackgroundProcess(pid: child.pid)
            started(.success(process))
            let code = child.waitForExit()
            let (tasks, threads) = process.exit.withLock { state in
                state.code = code
                defer { state.tasks.removeAll(); state.threads.removeAll() }
                return (state.tasks, state.threads)
            }
            tasks.forEach { $0.resume(returning: code) }
            threads.forEach { $0.signal() }
        }.start()
    }

    /// Sends `signal` to the child.
    public func send(_ signal: Int32) { _ = kill(pid, signal) }

    /// The child's exit code, or 128 + the signal that ended it, once it has ended.
    public func exitCode() async -> Int32 {
        await withCheckedContinuation { continuation in
            let code = exit.withLock { state -> Int32? in
                if let code = state.code { return code }
                state.tasks.append(continuation)
                return nil
            }
            if let code { continuation.resume(returning: code) }
        }
    }

    /// The child's exit code once it has ended, or nil when it is still running after `limit`: a bound for a test
    /// that a process ends by itself, waited for on a dedicated thread.
    public func exitCode(within limit: Duration) async -> Int32? {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: self.waitForExit(within: limit)) }
            thread.name = "background-process.exit"
            thread.start()
        }
    }

    /// ``waitForExit()`` with a bound: nil when the child is still running after `limit`.
    public func waitForExit(within limit: Duration) -> Int32? {
        let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
        return waitForExit(until: .now() + seconds)
    }

    /// The blocking form of ``exitCode()``, for a dedicated thread.
    public func waitForExit() -> Int32 {
        waitForExit(until: .distantFuture)!
    }

    private func waitForExit(until deadline: DispatchTime) -> Int32? {
        let ended = DispatchSemaphore(value: 0)
        let code = exit.withLock { state -> Int32? in
            if let code = state.code { return code }
            state.threads.append(ended)
            return nil
        }
        if let code { return code }
        guard ended.wait(timeout: deadline) == .success else { return nil }
        return exit.withLock { $0.code }
    }
}
