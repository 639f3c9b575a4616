import ConformanceCore
import Foundation
@testable import MamconfCLI
import SuiteLoader
import Testing

/// The harness must be able to fail: every mutant of the reference is caught, as a failure, by a case of
/// a suite that owns one of its requirements; every case catches some mutant; the clean reference passes.
@Suite(.serialized) struct MutationMatrixTests {
    @Test func everyMutantIsCaughtAndEveryCaseCatchesOne() async throws {
        let suites = try EndToEnd.loadSuites()
        var runner = MutationRunner(adapterCommand: [try EndToEnd.referenceExecutable()], suites: suites)
        runner.deadlineScale = 3
        let mutants = try await runner.listMutants()
        #expect(mutants.count >= 12)
        let matrix = try await runner.run(mutants: mutants)
        print(matrix.render())
        for problem in matrix.problems { Issue.record("\(problem)") }

        // At least four mutants per suite, tagged with the suite's own requirements, all caught there.
        for suite in suites {
            let tagged = mutants.filter { !Set(suite.requirements).isDisjoint(with: $0.requirements) }
            #expect(tagged.count >= 4, "\(suite.id) has only \(tagged.count) mutants tagged with its requirements")
        }

        // Requirement coverage, strict, for the IDs these suites own.
        let (catalog, errors) = RequirementCatalog.load(path: "\(Repository.suites)/requirements.yaml")
        try #require(errors.isEmpty)
        let coverage = RequirementCoverage(catalog: try #require(catalog), suites: suites, matrix: matrix, mutants: mutants)
        #expect(coverage.unknownCitations.isEmpty)
        let owned = Set(suites.flatMap(\.requirements).map { String($0.prefix(3)) }).sorted()
        let gaps = coverage.strictGaps(prefixes: owned)
        #expect(gaps.isEmpty, "\(gaps.joined(separator: "\n"))")
        print(coverage.render(prefixes: owned))
    }

    @Test func requirementListingExitsOneForAnUnknownCitation() async throws {
        let directory = NSTemporaryDirectory() + "mamconf-reqs-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: "\(Repository.suites)/requirements.yaml", toPath: "\(directory)/requirements.yaml")
        try """
            suite: s
            title: cites an unknown id
            defaults: {tenant: contoso}
            cases:
              - id: c
                title: c
                requirements: [ZZZ-01]
                steps:
                  - do: app.launch
            """.write(toFile: "\(directory)/s.yaml", atomically: true, encoding: .utf8)
        let code = await Mamconf.run(["list", "--requirements", "--no-mutants", "--suites-dir", directory, "--fixtures-dir", Repository.fixtures])
        #expect(code == 1)
        let valid = await Mamconf.run(["validate", "--suites-dir", directory, "--fixtures-dir", Repository.fixtures])
        #expect(valid == 2, "validate rejects the unknown id as a suite error")
    }
}
