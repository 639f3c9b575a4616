import AdapterProtocol
import ConformanceCore
import Foundation
@testable import MamconfCLI
@testable import Mutation
import RunWiring
import SuiteLoader
import Testing

/// The matrix judges conformant variants: a case that fails one is reported with the variant and the line that
/// allows it. Checked in process, with an integration that lists its registered accounts newest first when that
/// variant is on, and a suite that (over-strictly, with `!ordered`) demands the reference's registration order.
@Suite struct VariantMatrixTests {
    static let newestFirst = VariantInfo(name: "registered-accounts-newest-first", requirements: ["ENR-06"], source: "000:649",
                                         decisionPoint: "sdk.enrollment.registeredAccountsOrder", summary: "newest first")
    /// A reading that changes nothing the suite sees: every case must accept it.
    static let quiet = VariantInfo(name: "error-string-on-success", requirements: ["ENR-02"], source: "000:364",
                                   decisionPoint: "sdk.status.successCarriesErrorString", summary: "error strings on success")

    /// The fake integration with `variants` on.
    static func integration(_ variants: [VariantInfo]) -> ScriptedIntegration {
        let reversed = variants.contains { $0.name == newestFirst.name }
        return ScriptedIntegration { method, _, _ in
            guard method == RunnerMethod.sdkRegisteredAccounts.rawValue else { return [:] }
            let ids: [JSONValue] = ["a-1", "b-2"]
            return ["accountIds": .array(reversed ? ids.reversed() : ids)]
        }
    }

    static let cases = RunnerLogicTests.yamlCase(id: "lists-in-registration-order", requirements: "ENR-06", "do: app.launch",
                                                 "check: sdk.registeredAccounts\nis: {accountIds: !ordered [a-1, b-2]}")
        + "\n" + RunnerLogicTests.yamlCase(id: "launches", requirements: "ENR-02", "do: app.launch")

    static func suites() throws -> [Suite] {
        let folder = NSTemporaryDirectory() + "mamconf-variants-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "suite: logic\ntitle: variants\ndefaults: {tenant: contoso, policies: [no-pin]}\ncases:\n\(cases)\n"
            .write(toFile: "\(folder)/logic.yaml", atomically: true, encoding: .utf8)
        let (catalog, errors) = RequirementCatalog.load(path: "\(Repository.suites)/requirements.yaml")
        try #require(errors.isEmpty)
        let loaded = SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: catalog).load(paths: ["\(folder)/logic.yaml"])
        try #require(loaded.errors.isEmpty, "\(loaded.errors)")
        return loaded.suites
    }

    static func run(_ suites: [Suite], _ variants: [VariantInfo], on assembly: RunAssembly) async -> [MatrixCell] {
        let work = NSTemporaryDirectory() + "mamconf-variants-work-\(UUID().uuidString)"
        let setup = RunSetup(adapter: .factory(integration(variants)), configuration: RunConfiguration(stepTimeout: .seconds(30), workDirectory: work))
        return MatrixCell.cells(of: await assembly.assemble(setup).run(RunPlan(suites: suites)))
    }

    /// The matrix of the clean fake and `variants`, filled by the variants' plan.
    static func matrix(_ variants: [VariantInfo], scope: MatrixScope) async throws -> MutationMatrix {
        let suites = try Self.suites()
        let assembly = try await RunAssembly.open(.driver(InMemoryBackend()))
        let plan = VariantPlan(suites: suites, variants: variants, scope: scope)
        var runs: [VariantRun] = []
        runs = await plan.fill { work in
            var cells: [VariantRun] = []
            for run in work { cells.append(VariantRun(variants: run.variants.map(\.name), cells: await Self.run(run.suites, run.variants, on: assembly))) }
            return cells
        }
        return MutationMatrix(suites: suites, mutants: [], clean: await Self.run(suites, [], on: assembly), runs: [:], scope: scope,
                              variants: variants, variantRuns: runs)
    }

    /// The over-strict case is reported as rejecting the variant, with the line that allows it, whether the variant's
    /// own run shows it (its requirement is cited) or the follow-up after its set failed does (it is not).
    @Test(arguments: [["ENR-06"], ["ZZZ-01"]])
    func anOverStrictCaseIsReportedAsRejectingTheConformantVariant(requirements: [String]) async throws {
        var newestFirst = Self.newestFirst
        newestFirst.requirements = requirements
        let matrix = try await Self.matrix([newestFirst, Self.quiet], scope: .restricted)
        #expect(matrix.clean.allSatisfy { $0.verdict == .passed }, "the reference's reading passes")
        #expect(matrix.variantProblems.count == 1, "\(matrix.variantProblems)")
        let problem = try #require(matrix.variantProblems.first)
        #expect(problem.hasPrefix("variant registered-accounts-newest-first (000:649) is rejected by logic/lists-in-registration-order"), "\(problem)")
        #expect(matrix.problems.contains(problem), "a rejection fails the matrix (mamconf mutants exits 1)")
        #expect(matrix.acceptingVariants(suite: "logic", case: "lists-in-registration-order") == [Self.quiet.name])
        #expect(matrix.acceptingVariants(suite: "logic", case: "launches") == [newestFirst.name, Self.quiet.name])
        #expect(matrix.render().contains("rejected by logic/lists-in-registration-order"))
    }

    @Test func variantsEveryCaseAcceptsAreNoProblem() async throws {
        let matrix = try await Self.matrix([Self.quiet], scope: .restricted)
        #expect(matrix.variantProblems.isEmpty)
        #expect(!matrix.problems.contains { $0.hasPrefix("variant") }, "\(matrix.problems)")
        #expect(matrix.acceptingVariants(suite: "logic", case: "lists-in-registration-order") == [Self.quiet.name])
    }

    @Test func variantsOfOneDecisionPointGoToDifferentSetsAndTheOthersCombine() throws {
        let other = VariantInfo(name: "other-order", requirements: ["ENR-06"], source: "000:649",
                                decisionPoint: Self.newestFirst.decisionPoint, summary: "")
        let listed = [Self.newestFirst, Self.quiet, other]
        #expect(VariantInfo.compatibleSets(listed) == [[Self.newestFirst, Self.quiet], [other]])
        let first = VariantPlan(suites: try Self.suites(), variants: listed, scope: .restricted).firstRound()
        #expect(first.map { $0.variants.map(\.name) } == [
            [Self.newestFirst.name, Self.quiet.name], [other.name], [Self.newestFirst.name], [Self.quiet.name],
        ], "the sets first; alone only where the set is not the variant alone")
        #expect(first.map(\.caseCount) == [2, 2, 1, 1], "the sets run every case, a variant alone the cases citing its requirements")
    }

    /// A case a set of many fails is pinned on its culprit by halves: far fewer runs than one per member.
    @Test func aRejectionInABigSetIsFoundByHalves() throws {
        let suites = try Self.suites()
        let many = (0..<16).map { VariantInfo(name: "v\($0)", requirements: ["ZZZ-01"], source: "000:\($0)", decisionPoint: "p\($0)", summary: "") }
        let plan = VariantPlan(suites: suites, variants: many, scope: .restricted)
        let strict = MatrixPlan.key("logic", "lists-in-registration-order")
        var runs: [VariantRun] = []
        var rounds = 0
        for work in [plan.firstRound()] {
            runs += work.map { run in VariantRun(variants: run.variants.map(\.name), cells: Self.cells(run, culprit: "v11", key: strict)) }
        }
        while case let probes = plan.followUp(after: runs), !probes.isEmpty {
            rounds += 1
            runs += probes.map { run in VariantRun(variants: run.variants.map(\.name), cells: Self.cells(run, culprit: "v11", key: strict)) }
        }
        #expect(rounds == 4)
        #expect(runs.count == 1 + 2 * 4, "the set, then two halves a round")
        let matrix = MutationMatrix(suites: suites, mutants: [], clean: [], runs: [:], variants: many, variantRuns: runs)
        #expect(matrix.variantProblems == ["variant v11 (000:11) is rejected by \(strict)"])
    }

    static func cells(_ run: VariantPlan.Work, culprit: String, key: String) -> [MatrixCell] {
        run.suites.flatMap { suite in
            suite.cases.map { testCase in
                let fails = run.variants.contains { $0.name == culprit } && MatrixPlan.key(suite.id, testCase.id) == key
                return MatrixCell(suite: suite.id, caseId: testCase.id, verdict: fails ? .failed : .passed)
            }
        }
    }

    @Test func theListingParsesNameRequirementsSourceDecisionPointAndSummary() {
        let listed = VariantInfo.parse(listing: "a\tENR-06,ENR-01\t000:649\tsdk.x\tnewest first\nb\tWIP-11\t\t\t\n\n")
        #expect(listed == [
            VariantInfo(name: "a", requirements: ["ENR-06", "ENR-01"], source: "000:649", decisionPoint: "sdk.x", summary: "newest first"),
            VariantInfo(name: "b", requirements: ["WIP-11"], source: "", decisionPoint: "b", summary: ""),
        ])
        #expect(listed[1].cited == "b (no source given)")
    }
}
