import AdapterProtocol
import AdapterTransports
import ConformanceCore
import Foundation
import Logging
import RunWiring

/// Runs suites against the clean integration, against each of its mutants and with its conformant variants on, on
/// one embedded mock. Every run is wired by ``RunAssembly``, like `mamconf run`'s.
public struct MutationRunner: Sendable {
    public let adapterCommand: [String]
    /// What the adapter inherits of mamconf's environment (`--adapter-env`).
    public var adapterEnvironment = AdapterEnvironment()
    /// How each case's adapter process starts (`--adapter-launch`).
    public var adapterLaunch: AdapterLaunch = .exec
    public let suites: [Suite]
    public var stepTimeout: Duration = .seconds(10)
    public var deadlineScale: Double = 1
    /// Runs in flight at once; each is one adapter process at a time plus its share of the mock. A run's case is a
    /// chain of round trips (runner, adapter, mock), so one run keeps about one core busy, and with two runs per core
    /// a tenth of the cores still sat idle. Three per core filled part of that: the full matrix took 5 % less time
    /// than with two on 2 cores, alternated five times; four per core took no less than three (issue 30).
    public var concurrency: Int = 3 * ProcessInfo.processInfo.activeProcessorCount
    /// Which cells to run: by default only those that decide the matrix (``MatrixPlan``).
    public var scope: MatrixScope = .restricted
    /// Suites loaded but not run and mutants listed but not run (`mutants --suite`), so the matrix leaves
    /// undecided what only they could settle.
    public var otherSuites: [Suite] = []
    public var leftOut: [MutantInfo] = []

    public init(adapterCommand: [String], suites: [Suite]) {
        self.adapterCommand = adapterCommand
        self.suites = suites
    }

    public enum Failure: Error, CustomStringConvertible {
        case cannotList(String)
        case cannotListVariants(String)
        case backend(String)

        public var description: String {
            switch self {
            case .cannotList(let why): return "cannot list the adapter's mutants: \(why)"
            case .cannotListVariants(let why): return "cannot list the adapter's variants: \(why)"
            case .backend(let why): return "embedded mock backend could not start: \(why)"
            }
        }
    }

    /// Asks the adapter for its mutants (`--list-mutants`).
    public func listMutants() async throws -> [MutantInfo] {
        let output: CommandOutput
        do {
            output = try await CommandOutput.capture(adapterCommand + ["--list-mutants"], environment: adapterEnvironment)
        } catch {
            throw Failure.cannotList("\(error)")
        }
        guard output.succeeded else { throw Failure.cannotList(output.exitDescription) }
        let listing = String(decoding: output.standardOutput, as: UTF8.self)
        return MutantInfo.parse(listing: listing)
    }

    /// Asks the adapter for its conformant variants (`--list-variants`).
    public func listVariants() async throws -> [VariantInfo] {
        let output: CommandOutput
        do {
            output = try await CommandOutput.capture(adapterCommand + ["--list-variants"], environment: adapterEnvironment)
        } catch {
            throw Failure.cannotListVariants("\(error)")
        }
        guard output.succeeded else { throw Failure.cannotListVariants(output.exitDescription) }
        return VariantInfo.parse(listing: String(decoding: output.standardOutput, as: UTF8.self))
    }

    /// The adapter's variants; none, said on stderr, when it cannot list any (an adapter written before variants
    /// refuses the flag): its mutants are judged all the same.
    public func listVariantsOrNone(note: (String) -> Void = { StandardStreams.err($0) }) async -> [VariantInfo] {
        do { return try await listVariants() } catch {
            note("note: \(error); judging mutants only")
            return []
        }
    }

    /// Runs the suites against the clean integration and the cells of the matrix its ``scope`` needs (see
    /// ``MatrixPlan``), and the variants' runs (``VariantPlan``), their first round in the mutants' pool. `progress` gets one line as each
    /// run finishes (``progressLine(finished:total:mutant:result:)``), so a long matrix is never silent.
    public func run(mutants: [MutantInfo], variants: [VariantInfo] = [],
                    progress: @escaping @Sendable (String) -> Void = { _ in }) async throws -> MutationMatrix {
        let adapter = try AdapterChoice.command(adapterCommand, environment: adapterEnvironment, launch: adapterLaunch)
        var logger = Logger(label: "mamconf.mutants.mock")
        logger.logLevel = .warning
        let assembly: RunAssembly
        do { assembly = try await RunAssembly.open(.embeddedMock(logger: logger)) } catch { throw Failure.backend(error.message) }
        defer { Task { await assembly.close() } }

        let plan = MatrixPlan(suites: suites, otherSuites: otherSuites, mutants: mutants, scope: scope)
        let variantPlan = VariantPlan(suites: suites, variants: variants, scope: scope)
        let cleanRun = Task {
            let result = await runOnce(Run(suites: suites), adapter: adapter, on: assembly)
            progress(Self.progressLine(finished: 0, total: mutants.count, mutant: nil, result: result))
            return MatrixCell.cells(of: result)
        }
        var finished = 0
        var variantRuns: [VariantRun] = []
        let skippedByClean = {
            Set(await cleanRun.value.filter { $0.verdict == .skipped }.map { MatrixPlan.key($0.suite, $0.caseId) })
        }
        let runs = await plan.fill(batchSize: concurrency, skippedByClean: skippedByClean) { work, firstRound in
            var cells: [(MutantInfo, [MatrixCell])] = []
            // The variants' first round shares the mutants' pool, its whole-run sets first (the longest runs).
            let variantWork = firstRound ? variantPlan.firstRound().map { Run(variants: $0.variants, suites: $0.suites) } : []
            await runAll(variantWork + work.map { Run(mutant: $0.mutant, suites: $0.suites) }, adapter: adapter, on: assembly) { run, result in
                guard let mutant = run.mutant else {
                    variantRuns.append(VariantRun(variants: run.variants.map(\.name), cells: MatrixCell.cells(of: result)))
                    progress(Self.variantLine(variants: run.variants.map(\.name), cases: run.caseCount, result: result))
                    return
                }
                cells.append((mutant, MatrixCell.cells(of: result)))
                if firstRound {
                    finished += 1
                    progress(Self.progressLine(finished: finished, total: mutants.count, mutant: mutant.name, result: result))
                } else {
                    progress(Self.followUpLine(mutant: mutant.name, cases: run.caseCount, result: result))
                }
            }
            return cells
        }
        // Cases a set failed are pinned on its members, halves at a time, until each is settled.
        while case let probes = variantPlan.followUp(after: variantRuns), !probes.isEmpty {
            await runAll(probes.map { Run(variants: $0.variants, suites: $0.suites) }, adapter: adapter, on: assembly) { run, result in
                variantRuns.append(VariantRun(variants: run.variants.map(\.name), cells: MatrixCell.cells(of: result)))
                progress(Self.variantLine(variants: run.variants.map(\.name), cases: run.caseCount, result: result))
            }
        }
        let clean = await cleanRun.value
        await assembly.close()
        return MutationMatrix(suites: suites, mutants: mutants, clean: clean, runs: runs,
                              otherSuites: otherSuites, leftOut: leftOut, scope: scope,
                              variants: variants, variantRuns: variantRuns)
    }

    /// One run of the matrix, against some suites: the clean integration, a mutant, or variants (one or a set).
    private struct Run: Sendable {
        var mutant: MutantInfo?
        var variants: [VariantInfo] = []
        let suites: [Suite]
        var caseCount: Int { suites.reduce(0) { $0 + $1.cases.count } }

        /// The adapter's arguments that switch this run's mutant or variants on.
        var arguments: [String] {
            (mutant.map { ["--mutant", $0.name] } ?? []) + variants.flatMap { ["--variant", $0.name] }
        }
    }

    /// `(v) name on 12 case(s): accepted` (or `rejected by suite/case (+N more)`); a set of a few names them all, a
    /// bigger one its size and its first and last.
    public static func variantLine(variants: [String], cases: Int, result: RunResult) -> String {
        let failing = result.allCases.filter(\.outcome.isFailure)
        let verdict = failing.first.map { "rejected by \($0.suiteId)/\($0.caseId)" + (failing.count > 1 ? " (+\(failing.count - 1) more)" : "") }
            ?? (result.abortReason.map { "not judged: \($0)" } ?? "accepted")
        let names = variants.count <= 3 ? variants.joined(separator: " + ")
            : "\(variants.count) variants together (\(variants[0]) … \(variants[variants.count - 1]))"
        return "(v) \(names) on \(cases) case(s): \(verdict)"
    }

    /// Runs `work` with at most ``concurrency`` runs in flight, handing each result to `finish` on this task.
    private func runAll(_ work: [Run], adapter: AdapterChoice, on assembly: RunAssembly, finish: (Run, RunResult) -> Void) async {
        await withTaskGroup(of: (Int, RunResult).self) { group in
            var next = 0
            func launch() {
                guard next < work.count else { return }
                let index = next
                next += 1
                group.addTask { (index, await runOnce(work[index], adapter: adapter, on: assembly)) }
            }
            for _ in 0..<max(1, concurrency) { launch() }
            while let (index, result) = await group.next() {
                finish(work[index], result)
                launch()
            }
        }
    }

    /// `[+] name on 3 case(s) no mutant had failed: killed by suite/case` (or `survived`).
    public static func followUpLine(mutant: String, cases: Int, result: RunResult) -> String {
        let kills = result.allCases.filter { if case .failed = $0.outcome { return true } else { return false } }
        let verdict = kills.first.map { "killed by \($0.suiteId)/\($0.caseId)" + (kills.count > 1 ? " (+\(kills.count - 1) more)" : "") } ?? "survived"
        return "[+] \(mutant) on \(cases) case(s) no mutant had failed: \(verdict)"
    }

    /// `[12/60] name: killed by suite/case` (`(+N more)` when more cases fail), `[12/60] name: survived`, or
    /// for the clean integration (`mutant` nil) `clean: all N cases pass` / `clean: N of M cases fail, …`.
    public static func progressLine(finished: Int, total: Int, mutant: String?, result: RunResult) -> String {
        let cases = result.allCases
        let failing = cases.filter(\.outcome.isFailure)
        guard let mutant else {
            if let reason = result.abortReason { return "clean: nothing judged: \(reason)" }
            guard let first = failing.first else { return "clean: all \(cases.count) cases pass" }
            return "clean: \(failing.count) of \(cases.count) cases fail, first \(first.suiteId)/\(first.caseId)"
        }
        let prefix = "[\(finished)/\(total)] \(mutant): "
        let kills = cases.filter { if case .failed = $0.outcome { return true } else { return false } }
        let errors = failing.count - kills.count
        let errorNote = errors == 0 ? "" : " (\(errors) case(s) errored)"
        if let first = kills.first {
            let more = kills.count > 1 ? " (+\(kills.count - 1) more)" : ""
            return prefix + "killed by \(first.suiteId)/\(first.caseId)\(more)" + errorNote
        }
        if let reason = result.abortReason { return prefix + "not judged: \(reason)" }
        return prefix + "survived" + errorNote
    }

    /// One run of the matrix on the shared mock, with a redactor and a work directory of its own (removed after it).
    private func runOnce(_ run: Run, adapter: AdapterChoice, on assembly: RunAssembly) async -> RunResult {
        let work = WorkRoot.workDirectory("mutants", keepData: false)
        let setup = RunSetup(
            adapter: adapter.appending(run.arguments),
            configuration: RunConfiguration(stepTimeout: stepTimeout, deadlineScale: deadlineScale, workDirectory: work, redactor: Redactor()))
        return await assembly.assemble(setup).run(RunPlan(suites: run.suites))
    }
}
