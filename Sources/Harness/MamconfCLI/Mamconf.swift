import ArgumentParser
import ConformanceCore
import AdapterProtocol
import Foundation

/// The `mamconf` command line.
public struct Mamconf: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "mamconf",
        abstract: "Conformance harness for mobile-app-management SDK integrations.",
        discussion: """
            Exit codes: 0 all cases passed or were skipped; 1 a case failed or errored; 2 nothing could be \
            judged (usage, invalid suite, adapter cannot start, backend unreachable); 130/143 interrupted.
            """,
        version: HarnessVersion.current,
        subcommands: [RunCommand.self, ListCommand.self, ValidateCommand.self, MutantsCommand.self, MockBackendCommand.self, BackendCleanCommand.self, SchemasCommand.self, AdapterCheckCommand.self,
                      MergeCommand.self, ReportCommand.self, CompareCommand.self, ExpectedFailuresCommand.self, CertifyCommand.self],
        defaultSubcommand: RunCommand.self)

    public init() {}

    /// Runs the command line and exits with mamconf's exit codes. Argument errors, which the parser
    /// reports as 64, become 2 like every other "nothing could be judged" outcome.
    public static func runAndExit(_ arguments: [String]? = nil) async -> Never {
        let code = await run(arguments)
        Foundation.exit(code)
    }

    /// Makes SIGINT and SIGTERM safe from the first instant: call before anything else in `main`.
    public static func armSignals() {
        SignalTrap.shared.arm()
    }

    /// Runs the command line and returns the exit code instead of exiting (for tests).
    public static func run(_ arguments: [String]? = nil) async -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            SignalTrap.shared.commandKnown(writesReport: command is RunCommand)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch let exit as MamconfExit {
            if let message = exit.message { StandardStreams.write("mamconf: \(message)\n", to: STDERR_FILENO) }
            return exit.code
        } catch {
            let code = exitCode(for: error).rawValue
            let message = fullMessage(for: error)
            if code == 0 {
                if !message.isEmpty { print(message) }
                return 0
            }
            if !message.isEmpty { StandardStreams.write("\(message)\n", to: STDERR_FILENO) }
            return code == ExitCode.validationFailure.rawValue ? MamconfExit.notJudged : code
        }
    }
}

/// Ends a command with one of mamconf's exit codes and an optional one-line cause on stderr.
struct MamconfExit: Error {
    static let allPassed: Int32 = 0
    static let failed: Int32 = 1
    static let notJudged: Int32 = 2
    static let interrupted: Int32 = 130
    static let terminated: Int32 = 143

    let code: Int32
    let message: String?

    init(_ code: Int32, _ message: String? = nil) {
        self.code = code
        self.message = message
    }
}
