import ArgumentParser
import Foundation
import StdioAdapter

/// Which integration to drive; shared by every subcommand that starts one.
///
/// Two spellings: `--adapter "program --flag 'a b'"` (split as a shell splits words) or the words after
/// `--`, taken exactly as given (`mamconf run -- ./host --flag`). Either way the program is looked up on
/// PATH unless it contains a slash. Mutation commands add `--list-mutants` or `--mutant NAME` after the
/// adapter's own arguments.
struct AdapterOptions: ParsableArguments {
    @Option(help: "Adapter command line, split into words as a shell would (default: the bundled mamconf-reference next to this binary). Or give the words after --.")
    var adapter: String?

    @Argument(parsing: .postTerminator, help: "The adapter's program and arguments, after --, taken as they are.")
    var adapterWords: [String] = []

    func command() throws -> [String] {
        do {
            if !adapterWords.isEmpty {
                guard adapter == nil else {
                    throw MamconfExit(MamconfExit.notJudged, "give the adapter either with --adapter or after --, not both")
                }
                return try AdapterCommand(words: adapterWords).words
            }
            if let adapter { return try AdapterCommand(parsing: adapter).words }
        } catch let problem as AdapterCommand.Problem {
            throw MamconfExit(MamconfExit.notJudged, problem.description)
        }
        guard let reference = ReferenceLocator.referenceExecutable() else {
            throw MamconfExit(MamconfExit.notJudged, "mamconf-reference not found next to mamconf; pass --adapter")
        }
        return [reference]
    }
}
