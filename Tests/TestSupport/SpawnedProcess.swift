#if canImport(Glibc)
import Glibc
#endif
import CSpawn
import Foundation

/// A child process for tests, started through mamconf's own spawner instead of Foundation's `Process.run()`.
///
/// On Linux with Swift 6.3.1, `Process.run()` reads `/proc/self/fd` with a 256-byte copy per entry and can crash
/// when the test process holds many descriptors (swiftlang/swift-corelibs-foundation#5472, fixed upstream
/// after 6.3.1); the test run holds a thousand sockets at its peak. The child gets its own process group and dies
/// with the thread that started it, so start and wait on one thread (`offPool`, a dedicated thread).
public final class SpawnedProcess: Sendable {
    public let pid: pid_t

    public enum Failure: Error, CustomStringConvertible {
        case cannotStart(String, Int32)
        public var description: String {
            switch self {
            case .cannotStart(let program, let code): return "cannot start \(program): \(String(cString: strerror(code)))"
            }
        }
    }

    /// Starts `arguments[0]` (a path, or a name looked up through `/usr/bin/env`) with the given descriptors as its
    /// standard input, output and error. `environment` replaces the inherited one when given; `directory` is its
    /// working directory (this process's when nil).
    public init(_ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
                stdin: Int32, stdout: Int32, stderr: Int32) throws {
        let words = arguments[0].hasPrefix("/") ? arguments : ["/usr/bin/env"] + arguments
        let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let argv = words.map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let failure = mamconf_spawn(words[0], argv, envp, directory, stdin, stdout, stderr, &pid)
        guard failure == 0 else { throw Failure.cannotStart(words[0], failure) }
        self.pid = pid
    }

    /// Waits for the child; its exit code, or 128 + the signal that ended it.
    public func waitForExit() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
