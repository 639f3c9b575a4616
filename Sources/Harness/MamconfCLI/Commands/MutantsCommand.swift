import ArgumentParser
import ConformanceCore
import Foundation

/// Runs every suite against the clean integration and each of its mutants and prints the matrix.
struct MutantsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mutants",
        abstract: "Run the suites against every mutant of the integration and print which case catches which.",
        discussion: "Exit 1 when the matrix proves too little: the clean integration fails, a mutant escapes the suites of its requirements, a kill is an error instead of a failure, or a case fails under no mutant.")

    @OptionGroup var suites: SuiteOptions
    @OptionGroup var adapter: AdapterOptions

    @Option(name: .customLong("suite"), help: "Only this suite (repeatable).")
    var suiteIDs: [String] = []

    @Option(name: .customLong("deadline-scale"), help: "Multiply every step deadline.")
    var deadlineScale = 1.0

    func run() async throws {
        var selected = try suites.loadSuites()
        if !suiteIDs.isEmpty { selected = selected.filter { suiteIDs.contains($0.id) } }
        let runner = MutationRunner.configured(command: try adapter.command(), suites: selected, deadlineScale: deadlineScale)
        let mutants = try await runner.listMutants()
        guard !mutants.isEmpty else { throw MamconfExit(MamconfExit.notJudged, "the adapter lists no mutants") }
        let matrix = try await runner.run(mutants: mutants)
        print(matrix.render())
        let problems = matrix.problems
        for problem in problems { print("problem: \(problem)") }
        print("\(mutants.count) mutants, \(problems.count) problem(s)")
        if !problems.isEmpty { throw MamconfExit(MamconfExit.failed) }
    }
}

extension MutationRunner {
    static func configured(command: [String], suites: [Suite], deadlineScale: Double) -> MutationRunner {
        var runner = MutationRunner(adapterCommand: command, suites: suites)
        runner.deadlineScale = deadlineScale
        return runner
    }
}
