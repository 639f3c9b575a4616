import Foundation

/// Runs a short command to completion off the concurrency pool and returns its exit status and output.
///
/// - Parameters:
///   - arguments: the executable's path (or a name looked up through `/usr/bin/env`) and its arguments.
///   - mergingStandardError: whether standard error joins the captured output; otherwise it is inherited,
///     so a failing tool still shows its complaint in the test log.
public func runCommand(_ arguments: [String], mergingStandardError: Bool = true) async throws -> (status: Int32, output: String) {
    try await offPool {
        let process = Process()
        if arguments[0].hasPrefix("/") {
            process.executableURL = URL(fileURLWithPath: arguments[0])
            process.arguments = Array(arguments.dropFirst())
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        if mergingStandardError { process.standardError = pipe }
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
