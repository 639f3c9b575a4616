@testable import MamconfCLI
import AdapterTransports
import Foundation
import TestSupport
import Testing

/// `--adapter-launch`: fork-server by default only for the bundled reference (the one adapter known to serve forks),
/// exec for any other program, and a clear exit 2 for what cannot apply.
@Suite struct AdapterLaunchOptionTests {
    /// (arguments, the program, the launch chosen)
    static let choices: [([String], String, AdapterLaunch)] = [
        ([], "reference", .forkServer),
        ([], "/bin/true", .exec),
        (["--adapter-launch", "exec"], "reference", .exec),
        (["--adapter-launch", "fork-server"], "/bin/true", .forkServer),
    ]

    @Test(arguments: choices)
    func theLaunchDefaultsToForkServerOnlyForTheBundledReference(arguments: [String], program: String, expected: AdapterLaunch) throws {
        let options = try AdapterOptions.parse(arguments)
        let words = [program == "reference" ? try EndToEnd.referenceExecutable() : program]
        #expect(try options.launch(for: words) == expected)
    }

    /// (arguments after `mamconf run --junit REPORT`, what the one-line cause says): all exit 2, no case run.
    static let usageCases: [([String], String)] = [
        (["--adapter-launch", "spawn", "--", "/bin/true"], "unknown --adapter-launch 'spawn' (known: exec, fork-server)"),
        (["--adapter", "tcp://127.0.0.1:8765", "--adapter-launch", "exec"], "--adapter-launch applies to an adapter command"),
    ]

    @Test(arguments: usageCases)
    func launchUsageProblemsAreExitTwoWithTheCause(arguments: [String], saying words: String) async throws {
        try await UsageProblem.expectRefused(arguments, saying: words)
    }
}
