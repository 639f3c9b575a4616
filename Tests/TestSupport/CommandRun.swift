#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Runs a short command to completion off the concurrency pool and returns its exit status and output.
///
/// - Parameters:
///   - arguments: the executable's path (or a name looked up through `/usr/bin/env`) and its arguments.
///   - mergingStandardError: whether standard error joins the captured output; otherwise it is inherited,
///     so a failing tool still shows its complaint in the test log.
public func runCommand(_ arguments: [String], mergingStandardError: Bool = true, environment: [String: String]? = nil) async throws -> (status: Int32, output: String) {
    try await offPool {
        let pipe = Pipe()
        let nothing = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { close(nothing) }
        let writeEnd = pipe.fileHandleForWriting.fileDescriptor
        let process = try SpawnedProcess(arguments, environment: environment, stdin: nothing, stdout: writeEnd, stderr: mergingStandardError ? writeEnd : STDERR_FILENO)
        // Only the child may hold the write end, or end-of-file never comes.
        try pipe.fileHandleForWriting.close()
        let data = readToEnd(pipe.fileHandleForReading.fileDescriptor)
        return (process.waitForExit(), String(decoding: data, as: UTF8.self))
    }
}

/// Everything readable from `descriptor` until end of file, read again after EINTR.
///
/// Not `FileHandle.readDataToEndOfFile()`: Foundation traps on EINTR there, and signals (SIGCHLD from the
/// processes other tests start) do interrupt reads while the whole test suite runs.
public func readToEnd(_ descriptor: Int32) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count > 0 {
            data.append(contentsOf: buffer[0..<count])
        } else if count < 0 && errno == EINTR {
            continue
        } else {
            return data
        }
    }
}
