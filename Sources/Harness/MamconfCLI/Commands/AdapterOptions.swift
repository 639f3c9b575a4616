import ArgumentParser
import Foundation

/// Which integration to drive; shared by run, mutants and list.
struct AdapterOptions: ParsableArguments {
    @Option(help: "Adapter command line (default: the bundled mamconf-reference next to this binary).")
    var adapter: String?

    func command() throws -> [String] {
        if let adapter {
            let parts = adapter.split(separator: " ").map(String.init)
            guard !parts.isEmpty else { throw MamconfExit(MamconfExit.notJudged, "--adapter is empty") }
            return parts
        }
        guard let reference = ReferenceLocator.referenceExecutable() else {
            throw MamconfExit(MamconfExit.notJudged, "mamconf-reference not found next to mamconf; pass --adapter")
        }
        return [reference]
    }
}
