import ConformanceCore
import Foundation
import Synchronization
@testable import MamconfCLI
@testable import Mutation
import SuiteLoader
import TestSupport
import Testing

/// The harness must be able to fail: every mutant of the reference is caught, as a failure, by a case of
/// a suite that owns one of its requirements; every case catches some mutant; the clean reference passes. And it
/// must not fail what the guides allow: every conformant variant of the reference passes every case.
@Suite(.serialized) struct MutationMatrixTests {
    @Test func everyMutantIsCaughtEveryCaseCatchesOneAndEveryVariantIsAccepted() async throws {
        let suites = try EndToEnd.loadSuites()
        var runner = MutationRunner(adapterCommand: [try EndToEnd.referenceExecutable()], suites: suites)
        runner.deadlineScale = 3
        let mutants = try await runner.listMutants()
        #expect(mutants.count >= 12)
        let variants = try await runner.listVariants()
        #expect(variants.count >= 25)
        let matrix = try await runner.run(mutants: mutants, variants: variants)
        print(matrix.render())
        let variantProblems = Set(matrix.variantProblems)
        for problem in matrix.problems where !variantProblems.contains(problem) { Issue.record("\(problem)") }
        let together = VariantInfo.compatibleSets(variants).map { set in
            matrix.variantRuns.filter { $0.variants == set.map(\.name) }.reduce(0) { $0 + $1.cells.count }
        }
        #expect(together.allSatisfy { $0 == suites.reduce(0) { $0 + $1.cases.count } }, "every compatible set ran over the whole run: \(together)")
        // A case that fails a conformant variant demands more than its sources state (issue 25).
        #expect(matrix.variantProblems.isEmpty, "cases rejecting conformant variants: \(matrix.variantProblems)")

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

/// `mamconf mutants --suite X` judges only what X can judge: it runs the mutants tagged with a requirement X
/// cites, says how many it left out and why, reports progress as each mutant finishes, and still reports a
/// mutant that X should catch and does not.
@Suite(.serialized) struct MutantsForOneSuiteTests {
    /// Runs the `mamconf` binary and returns its exit code, standard output and standard error.
    static func mamconf(_ arguments: [String]) async throws -> (code: Int32, out: String, err: String) {
        try await offPool {
            let output = Pipe(), errors = Pipe()
            let nothing = open("/dev/null", O_RDONLY | O_CLOEXEC)
            defer { close(nothing) }
            let process = try SpawnedProcess([InterruptionTests.mamconf] + arguments, stdin: nothing,
                                             stdout: output.fileHandleForWriting.fileDescriptor, stderr: errors.fileHandleForWriting.fileDescriptor)
            try output.fileHandleForWriting.close()
            try errors.fileHandleForWriting.close()
            // Standard error is drained beside standard output, so neither pipe can fill and stall the child.
            let err = Mutex(Data())
            let drained = DispatchSemaphore(value: 0)
            Thread {
                err.withLock { $0 = readToEnd(errors.fileHandleForReading.fileDescriptor) }
                drained.signal()
            }.start()
            let out = readToEnd(output.fileHandleForReading.fileDescriptor)
            drained.wait()
            let code = process.waitForExit()
            return (code, String(decoding: out, as: UTF8.self), String(decoding: err.withLock { $0 }, as: UTF8.self))
        }
    }

    static func variantCount() async throws -> Int {
        try await MutationRunner(adapterCommand: [try EndToEnd.referenceExecutable()], suites: []).listVariants().count
    }

    static func mutantsTagged(by suite: String) async throws -> (tagged: [String], all: Int) {
        let requirements = Set(try EndToEnd.loadSuites(suiteIDs: [suite]).flatMap { $0.requirements + $0.cases.flatMap(\.requirements) })
        let mutants = try await MutationRunner(adapterCommand: [try EndToEnd.referenceExecutable()], suites: []).listMutants()
        return (mutants.filter { !requirements.isDisjoint(with: $0.requirements) }.map(\.name), mutants.count)
    }

    @Test func oneSuiteRunsOnlyItsOwnMutantsReportsNoFalseProblemAndShowsProgress() async throws {
        let (tagged, all) = try await Self.mutantsTagged(by: "allowed-accounts")
        try #require(tagged.count >= 4 && tagged.count < all)
        let run = try await Self.mamconf(["mutants", "--suite", "allowed-accounts", "--deadline-scale", "3",
                                          "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures])
        #expect(run.out.contains("left out \(all - tagged.count) of \(all) mutants: none of their requirements is cited by allowed-accounts"))
        // No mutant escapes and no conformant variant is rejected.
        let problems = run.out.split(separator: "\n").filter { $0.hasPrefix("problem: ") }
        #expect(problems.isEmpty, "\(problems)")
        #expect(run.code == 0, "\(run.out)\n\(run.err)")
        #expect(run.out.contains("\(tagged.count) mutants, \(try await Self.variantCount()) variants, 0 problem(s)"))

        let progress = run.err.split(separator: "\n").map(String.init).filter { $0.hasPrefix("[") }
        #expect(progress.count == tagged.count, "one progress line per mutant run: \(run.err)")
        let named = progress.compactMap { line -> String? in
            guard let close = line.firstIndex(of: "]"), let colon = line.firstIndex(of: ":") else { return nil }
            return String(line[line.index(close, offsetBy: 2)..<colon])
        }
        #expect(Set(named) == Set(tagged))
        for (index, line) in progress.enumerated() {
            #expect(line.hasPrefix("[\(index + 1)/\(tagged.count)] "))
            #expect(line.contains(": killed by allowed-accounts/"), "\(line)")
        }
        #expect(run.err.contains("clean: all 7 cases pass"))
    }

    @Test func aMutantTheSelectedSuiteNoLongerCatchesIsStillReported() async throws {
        let directory = NSTemporaryDirectory() + "mamconf-mutants-suites-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: "\(Repository.suites)/requirements.yaml", toPath: "\(directory)/requirements.yaml")
        // The suite keeps owning ALW-01 but loses the one case that kills enabled-value-case-sensitive.
        let original = try String(contentsOfFile: "\(Repository.suites)/allowed-accounts.yaml", encoding: .utf8)
        let blocks = original.components(separatedBy: "\n  - id: ")
        let kept = blocks.filter { !$0.hasPrefix("enabled-in-any-letter-case\n") }
        try #require(kept.count == blocks.count - 1)
        try kept.joined(separator: "\n  - id: ").write(toFile: "\(directory)/allowed-accounts.yaml", atomically: true, encoding: .utf8)

        let run = try await Self.mamconf(["mutants", "--suite", "allowed-accounts", "--deadline-scale", "3",
                                          "--suites-dir", directory, "--fixtures-dir", Repository.fixtures])
        #expect(run.code == 1, "\(run.out)\n\(run.err)")
        #expect(run.out.contains("problem: mutant enabled-value-case-sensitive (ALW-01) is not caught by its suites allowed-accounts"), "\(run.out)")
        let variantProblems = run.out.split(separator: "\n").filter { $0.hasPrefix("problem: variant") }.count
        #expect(run.out.contains("\(1 + variantProblems) problem(s)"))
        #expect(run.err.contains("enabled-value-case-sensitive: survived"), "\(run.err)")
    }

    @Test func anUnknownSuiteIsAUsageErrorNotAnEmptyMatrix() async throws {
        let run = try await Self.mamconf(["mutants", "--suite", "no-such-suite", "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures])
        #expect(run.code == 2)
        #expect(run.err.contains("no suite 'no-such-suite'"))
    }
}

/// What a matrix over some of the suites may conclude, on made-up runs (no processes).
@Suite struct MutantSelectionTests {
    static func run(_ suites: [Suite], failing: [(suite: String, caseId: String)] = []) -> RunResult {
        RunResult(suites: suites.map { suite in
            SuiteResult(suiteId: suite.id, title: suite.title, requirements: suite.requirements, started: Date(timeIntervalSince1970: 0), duration: .zero,
                        cases: suite.cases.map { testCase in
                            let fails = failing.contains { $0.suite == suite.id && $0.caseId == testCase.id }
                            let location = SourceLocation(file: "Suites/\(suite.id).yaml", line: 1, column: 1)
                            return CaseResult(suiteId: suite.id, caseId: testCase.id, title: testCase.title, requirements: testCase.requirements,
                                              location: location, outcome: fails ? .failed(CaseFailure(message: "m", location: location)) : .passed,
                                              duration: .zero, transcript: [])
                        })
        }, integration: nil, backend: "mock", harnessVersion: "test")
    }

    @Test func withoutSuitesEveryMutantRunsAndNoneIsLeftOut() throws {
        let suites = try EndToEnd.loadSuites()
        let mutants = [MutantInfo(name: "a", requirements: ["ALW-01"], summary: ""), MutantInfo(name: "z", requirements: ["ZZZ-01"], summary: "")]
        let selection = MutantSelection(suites: suites, suiteIDs: [], mutants: mutants)
        #expect(selection.mutants == mutants)
        #expect(selection.suites.count == suites.count && selection.otherSuites.isEmpty && selection.leftOut.isEmpty)
        #expect(selection.leftOutSummary == nil)
    }

    @Test func aSuiteSelectsTheMutantsOfTheRequirementsItOwnsOrItsCasesCite() throws {
        let suites = try EndToEnd.loadSuites()
        let enrollment = try #require(suites.first { $0.id == "enrollment" })
        try #require(!enrollment.requirements.contains("ENR-01") && enrollment.cases.contains { $0.requirements.contains("ENR-01") })
        let mutants = [
            MutantInfo(name: "owned", requirements: ["ENR-13"], summary: ""),
            MutantInfo(name: "cited-by-a-case", requirements: ["ENR-01"], summary: ""),
            MutantInfo(name: "elsewhere", requirements: ["ALW-01"], summary: ""),
            MutantInfo(name: "also-elsewhere", requirements: ["RST-06", "WIP-08"], summary: ""),
        ]
        let selection = MutantSelection(suites: suites, suiteIDs: ["enrollment"], mutants: mutants)
        #expect(selection.mutants.map(\.name) == ["owned", "cited-by-a-case"])
        #expect(selection.leftOut.map(\.name) == ["elsewhere", "also-elsewhere"])
        #expect(selection.suites.map(\.id) == ["enrollment"])
        #expect(selection.otherSuites.count == suites.count - 1)
        #expect(selection.leftOutSummary == "left out 2 of 4 mutants: none of their requirements is cited by enrollment, so these suites cannot judge them (run without --suite for all)")
    }

    @Test func aMutantOnlyASuiteThatDidNotRunCouldCatchIsUndecidedNotAnEscape() throws {
        let all = try EndToEnd.loadSuites()
        let selection = MutantSelection(suites: all, suiteIDs: ["enrollment"], mutants: [
            // ENR-02 is owned by enrollment, first-policy-application and resilience; ENR-13 by enrollment alone.
            MutantInfo(name: "shared", requirements: ["ENR-02"], summary: ""),
            MutantInfo(name: "own", requirements: ["ENR-13"], summary: ""),
            MutantInfo(name: "cited-only", requirements: ["ENR-01"], summary: ""),
        ])
        let enrollment = selection.suites[0]
        let everyCase = enrollment.cases.map { (suite: enrollment.id, caseId: $0.id) }
        let matrix = MutationMatrix(suites: selection.suites, mutants: selection.mutants, clean: Self.run(selection.suites),
                                    runs: ["shared": Self.run(selection.suites), "own": Self.run(selection.suites), "cited-only": Self.run(selection.suites, failing: everyCase)],
                                    otherSuites: selection.otherSuites, leftOut: selection.leftOut)
        #expect(matrix.problems == ["mutant own (ENR-13) is not caught by its suites enrollment"])
        #expect(matrix.undecided == [
            "mutant shared (ENR-02) survives the suites that ran; its suites first-policy-application, resilience did not run",
            "mutant cited-only (ENR-01) is caught only by enrollment, which owns none of its requirements; its suites first-policy-application did not run",
        ])

        // The same runs with every suite selected: the shared mutant escapes for good.
        let whole = MutationMatrix(suites: selection.suites, mutants: selection.mutants, clean: matrix.clean, runs: matrix.runs)
        #expect(whole.problems.contains("mutant shared (ENR-02) is not caught by its suites enrollment"))
        #expect(whole.undecided.isEmpty)
    }

    @Test func aCaseNoMutantThatRanFailsIsUndecidedWhenMutantsWereLeftOutAndAProblemOtherwise() throws {
        let mutants = [MutantInfo(name: "m", requirements: ["ALW-01"], summary: ""), MutantInfo(name: "other", requirements: ["POL-06"], summary: "")]
        let selection = MutantSelection(suites: try EndToEnd.loadSuites(), suiteIDs: ["allowed-accounts"], mutants: mutants)
        #expect(selection.leftOut.map(\.name) == ["other"])
        let suite = selection.suites[0]
        let killed = suite.cases.dropFirst().map { (suite: suite.id, caseId: $0.id) }
        let runs = ["m": Self.run(selection.suites, failing: killed)]
        let partial = MutationMatrix(suites: selection.suites, mutants: selection.mutants, clean: Self.run(selection.suites), runs: runs,
                                     otherSuites: selection.otherSuites, leftOut: selection.leftOut)
        #expect(partial.problems.isEmpty)
        #expect(partial.undecided == ["no mutant of the 1 that ran fails allowed-accounts/\(suite.cases[0].id); one of the 1 left out might"])

        let whole = MutationMatrix(suites: selection.suites, mutants: selection.mutants, clean: partial.clean, runs: partial.runs)
        #expect(whole.problems == ["no mutant fails allowed-accounts/\(suite.cases[0].id): the case checks nothing a mutant breaks"])
        #expect(whole.undecided.isEmpty)
    }

    @Test func progressNamesTheFirstKillingCaseOrSaysTheMutantSurvived() throws {
        let suites = try EndToEnd.loadSuites(suiteIDs: ["allowed-accounts"])
        let cases = suites[0].cases.map(\.id)
        let two = Self.run(suites, failing: [("allowed-accounts", cases[1]), ("allowed-accounts", cases[3])])
        #expect(MutationRunner.progressLine(finished: 3, total: 6, mutant: "m", result: two)
                == "[3/6] m: killed by allowed-accounts/\(cases[1]) (+1 more)")
        let one = Self.run(suites, failing: [("allowed-accounts", cases[2])])
        #expect(MutationRunner.progressLine(finished: 1, total: 6, mutant: "m", result: one) == "[1/6] m: killed by allowed-accounts/\(cases[2])")
        #expect(MutationRunner.progressLine(finished: 6, total: 6, mutant: "m", result: Self.run(suites)) == "[6/6] m: survived")
        #expect(MutationRunner.progressLine(finished: 0, total: 6, mutant: nil, result: Self.run(suites)) == "clean: all \(cases.count) cases pass")
        #expect(MutationRunner.progressLine(finished: 0, total: 6, mutant: nil, result: one)
                == "clean: 1 of \(cases.count) cases fail, first allowed-accounts/\(cases[2])")
    }
}
