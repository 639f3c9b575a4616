import ArgumentParser
import ConformanceCore
import AdapterProtocol
import Foundation
import Mutation
import SuiteLoader

/// Lists suites and cases, or the requirement catalog with who checks each requirement.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List suites and cases, or (--requirements) each requirement with the cases, the mutants they kill and the variants they accept.")

    @OptionGroup var suites: SuiteOptions
    @OptionGroup var adapter: AdapterOptions

    @Flag(help: "List requirement IDs with the cases citing them, the mutants those cases kill and the variants they accept.")
    var requirements = false

    @Flag(help: "With --requirements: exit 1 unless every checkable ID is cited by a case that kills a mutant tagged with it.")
    var strict = false

    @Option(help: "With --requirements: only IDs with these prefixes, comma-separated (e.g. ENR,RST,WIP).")
    var ids: String?

    @Flag(name: .customLong("no-mutants"), help: "With --requirements: leave mutants and variants out (no kills or acceptances listed).")
    var noMutants = false

    @Option(name: .customLong("matrix-file"), help: "With --requirements: the matrix `mamconf mutants` kept; used while it matches the suites and the adapter, else the restricted matrix runs and is kept there.")
    var matrixFile = MatrixRecord.defaultPath

    func run() async throws {
        guard requirements else {
            for suite in try suites.loadSuites() {
                print("\(suite.id): \(suite.title) [\(suite.requirements.joined(separator: ", "))]")
                for testCase in suite.cases {
                    let needs = testCase.capabilities.isEmpty ? "" : " (needs \(testCase.capabilities.map(\.rawValue).sorted().joined(separator: ", ")))"
                    print("  \(testCase.id): \(testCase.title) [\(testCase.requirements.joined(separator: ", "))]\(needs)")
                }
            }
            return
        }
        try await listRequirements()
    }

    private func listRequirements() async throws {
        let (catalog, catalogErrors) = RequirementCatalog.load(path: "\(suites.suitesDirectory)/requirements.yaml")
        guard let catalog else {
            for error in catalogErrors { StandardStreams.write("\(error)\n", to: STDERR_FILENO) }
            throw MamconfExit(MamconfExit.notJudged, "the requirement catalog has errors")
        }
        // Loaded without the catalog, so unknown IDs are reported here (exit 1) rather than as suite errors.
        let loaded = SuiteLoader(fixturesDirectory: suites.fixturesDirectory, catalog: nil)
            .load(paths: SuiteLoader.suiteFiles(in: suites.suitesDirectory))
        if !loaded.errors.isEmpty {
            for error in loaded.errors { StandardStreams.write("\(error)\n", to: STDERR_FILENO) }
            throw MamconfExit(MamconfExit.notJudged, "\(loaded.errors.count) error(s) in suites")
        }
        var matrix: MutationMatrix?
        var mutants: [MutantInfo] = []
        if !noMutants {
            let kept = try await mutationMatrix(suites: loaded.suites)
            matrix = kept
            mutants = kept.mutants
        }
        let report = RequirementCoverage(catalog: catalog, suites: loaded.suites, matrix: matrix, mutants: mutants)
        let prefixes = ids?.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } ?? []
        print(report.render(prefixes: prefixes))
        var failed = false
        for unknown in report.unknownCitations {
            print("error: \(unknown)")
            failed = true
        }
        if strict {
            if matrix == nil { throw MamconfExit(MamconfExit.notJudged, "--strict needs the mutation matrix (drop --no-mutants)") }
            for gap in report.strictGaps(prefixes: prefixes) {
                print("strict: \(gap)")
                failed = true
            }
        }
        if failed { throw MamconfExit(MamconfExit.failed) }
    }

    /// The kept matrix when it still describes these suites and this adapter; otherwise the restricted matrix,
    /// run now (saying so and why) and kept for next time.
    private func mutationMatrix(suites loadedSuites: [Suite]) async throws -> MutationMatrix {
        let command = try adapter.command(for: "list --requirements")
        let runner = MutationRunner.configured(command: command, environment: try adapter.environment(), suites: loadedSuites, deadlineScale: 1)
        let mutants = try await runner.listMutants()
        let variants = await runner.listVariantsOrNone()
        let digest = suites.digest()
        let identity = MatrixRecord.adapterIdentity(command: command)
        let why: String
        do {
            if let record = try MatrixRecord.load(path: matrixFile) {
                if let stale = record.staleness(suitesDigest: digest, suites: loadedSuites, adapter: identity, mutants: mutants,
                                                variants: variants) {
                    why = "the matrix in \(matrixFile) is stale (\(stale))"
                } else {
                    let written = ISO8601DateFormatter().string(from: record.written)
                    StandardStreams.err("requirements: kills from the \(record.scope.rawValue) matrix in \(matrixFile) (written \(written))")
                    return record.matrix(suites: loadedSuites)
                }
            } else {
                why = "no matrix kept in \(matrixFile)"
            }
        } catch {
            why = "\(error)"
        }
        StandardStreams.err("requirements: \(why); running the restricted matrix (\(mutants.count) mutants against the suites citing their requirements, \(variants.count) variants)")
        let matrix = try await runner.run(mutants: mutants, variants: variants, progress: StandardStreams.err)
        MatrixRecord(matrix: matrix, suitesDigest: digest, adapter: identity).keep(at: matrixFile)
        return matrix
    }
}
