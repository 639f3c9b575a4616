import AdapterProtocol
import AdapterTransports
import ArgumentParser
import ConformanceCore
import Foundation
import Mutation

/// Runs every suite against the clean integration and each of its mutants, and with its conformant variants on, and
/// prints the matrix.
struct MutantsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mutants",
        abstract: "Run the suites against every mutant and every conformant variant of the integration and print which case catches which mutant and accepts which variant.",
        discussion: "Exit 1 when the matrix proves too little or a case demands too much: the clean integration fails, a mutant escapes the suites of its requirements, a kill is an error instead of a failure, a case fails under no mutant, or a case fails a conformant variant (another reading the guides allow; the problem names the line that allows it). By default only the cells that decide this run: each mutant against the suites citing its requirements, then other cells only for cases no mutant failed yet (--full runs every mutant against every suite); every set of compatible variants together over every suite, and each variant alone on the cases citing its requirements (--full: every case), then, for a case a set failed, its other members in halves down to the one the case rejects. The result is kept in --matrix-file for `mamconf list --requirements`. With --suite, only the mutants tagged with a requirement the selected suites cite run, a mutant that escapes them is judged only when no other suite owns its requirements, and a case none of them fails is not judged (a mutant left out might fail it). Progress goes to stderr, one line per mutant.")

    @OptionGroup var suites: SuiteOptions
    @OptionGroup var adapter: AdapterOptions

    @Option(name: .customLong("suite"), help: "Only this suite (repeatable), and only the mutants tagged with a requirement it cites.")
    var suiteIDs: [String] = []

    @Option(name: .customLong("deadline-scale"), help: "Multiply every step deadline.")
    var deadlineScale = 1.0

    @Flag(help: "Run every mutant against every suite, not only the cells that decide the matrix.")
    var full = false

    @Option(name: [.short, .customLong("jobs")], help: "Runs in flight at once (default: three times the number of cores).")
    var jobs: Int?

    @Option(name: .customLong("matrix-file"), help: "Where the matrix is kept for `list --requirements` (written only when every suite runs).")
    var matrixFile = MatrixRecord.defaultPath

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1 (got \(jobs))") }
    }

    func run() async throws {
        let all = try suites.loadSuites()
        for id in suiteIDs where !all.contains(where: { $0.id == id }) {
            throw MamconfExit(MamconfExit.notJudged, "no suite '\(id)' (known: \(all.map(\.id).joined(separator: ", ")))")
        }
        let command = try adapter.command(for: "mamconf mutants")
        let environment = try adapter.environment()
        let listed = try await MutationRunner.configured(command: command, environment: environment, suites: all, deadlineScale: deadlineScale)
            .listMutants()
        guard !listed.isEmpty else { throw MamconfExit(MamconfExit.notJudged, "the adapter lists no mutants") }
        let variants = await MutationRunner.configured(command: command, environment: environment, suites: all, deadlineScale: deadlineScale)
            .listVariantsOrNone()
        let selection = MutantSelection(suites: all, suiteIDs: suiteIDs, mutants: listed)
        if let leftOut = selection.leftOutSummary { print(leftOut) }
        guard !selection.mutants.isEmpty else {
            throw MamconfExit(MamconfExit.notJudged, "no mutant is tagged with a requirement \(suiteIDs.joined(separator: ", ")) cites; nothing to judge")
        }
        var runner = MutationRunner.configured(command: command, environment: environment, suites: selection.suites, deadlineScale: deadlineScale)
        runner.adapterLaunch = try adapter.launch(for: command)
        runner.otherSuites = selection.otherSuites
        runner.leftOut = selection.leftOut
        runner.scope = full ? .full : .restricted
        if let jobs { runner.concurrency = jobs }
        let caseCount = selection.suites.reduce(0) { $0 + $1.cases.count }
        let cells = full ? "every suite" : "the suites citing its requirements"
        let sets = VariantInfo.compatibleSets(variants).count
        StandardStreams.err("mutants: the clean integration against \(selection.suites.count) suite(s), \(caseCount) case(s), \(selection.mutants.count) mutant(s) against \(cells), and \(variants.count) variant(s) in \(sets) compatible set(s) and alone; \(runner.concurrency) runs at a time")
        let started = Date()
        let matrix = try await runner.run(mutants: selection.mutants, variants: variants, progress: StandardStreams.err)
        StandardStreams.err(String(format: "mutants: %d cells in %.1f s", matrix.cellCount, Date().timeIntervalSince(started)))
        print(matrix.render())
        if suiteIDs.isEmpty {
            MatrixRecord(matrix: matrix, suitesDigest: suites.digest(), adapter: MatrixRecord.adapterIdentity(command: command))
                .keep(at: matrixFile)
        }
        let problems = matrix.problems
        for problem in problems { print("problem: \(problem)") }
        let undecided = matrix.undecided
        for line in undecided { print("not judged: \(line)") }
        print("\(selection.mutants.count) mutants, \(variants.count) variants, \(problems.count) problem(s)"
              + (undecided.isEmpty ? "" : ", \(undecided.count) not judged"))
        if !problems.isEmpty { throw MamconfExit(MamconfExit.failed) }
    }
}

extension MutationRunner {
    static func configured(command: [String], environment: AdapterEnvironment, suites: [Suite], deadlineScale: Double) -> MutationRunner {
        var runner = MutationRunner(adapterCommand: command, suites: suites)
        runner.adapterEnvironment = environment
        runner.deadlineScale = deadlineScale
        return runner
    }
}
