#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// What a short-lived command printed and how it ended: for asking an adapter something once, such as its list
/// of mutants, outside any case.
public struct CommandOutput: Sendable {
    /// The command's standard output.
    public var standardOutput: Data
    /// "exit code 0", "killed by signal 9 (SIGKILL)", …
    public var exitDescription: String
    /// Whether it ended by itself with exit code 0.
    public var succeeded: Bool

    /// Runs `arguments` to completion with standard input empty and standard error discarded, in the environment
    /// an adapter gets (``AdapterEnvironment``).
    ///
    /// Started on mamconf's spawner thread like every adapter (not with Foundation's `Process`, which can crash
    /// on Linux while reading `/proc/self/fd`), and read on a thread of its own, never on the concurrency pool.
    public static func capture(_ arguments: [String], environment: AdapterEnvironment = AdapterEnvironment()) async throws -> CommandOutput {
        let variables = environment.variables()
        let child = try await SpawnerThread.shared.run { try ChildProcess.spawn(arguments, environment: variables) }
        close(child.stdinFD)
        return await withCheckedContinuation { continuation in
            let errors = Thread {
                var sink = [UInt8](repeating: 0, count: 16384)
                while true {
                    let count = read(child.stderrFD, &sink, sink.count)
                    if count > 0 || (count < 0 && errno == EINTR) { continue }
                    break
                }
                close(child.stderrFD)
            }
            errors.start()
            Thread {
                // A read loop that survives EINTR: the signals mamconf handles (and SIGCHLD) can interrupt it.
                var data = Data()
                var buffer = [UInt8](repeating: 0, count: 65536)
                while true {
                    let count = read(child.stdoutFD, &buffer, buffer.count)
                    if count > 0 {
                        data.append(contentsOf: buffer[0..<count])
                    } else if count < 0 && errno == EINTR {
                        continue
                    } else {
                        break
                    }
                }
                close(child.stdoutFD)
                // Its output is complete; a command that lingers after closing it is ended.
                var status = child.waitForExit(timeout: .seconds(30))
                if status == nil {
                    child.killGroup()
                    status = child.waitForExit(timeout: .seconds(5))
                }
                let ended = status.map { $0 & 0x7f == 0 && ($0 >> 8) & 0xff == 0 } ?? false
                continuation.resume(returning: CommandOutput(standardOutput: data, exitDescription: ChildProcess.describe(status),
                                                             succeeded: ended))
            }.start()
        }
    }
}
