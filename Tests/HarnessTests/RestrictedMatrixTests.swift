import AdapterProtocol
import ConformanceCore
import Foundation
@testable import MamconfCLI
@testable import Mutation
import Testing

/// The restricted mutation matrix runs only the cells that decide it, and decides exactly what the full
/// matrix decides. Checked without processes: a "truth" says which mutant fails which case, and the plan's
/// rounds are answered from it.
@Suite struct RestrictedMatrixTests {
    /// Which cases each mutant fails, as `suite/case` keys; every other cell passes.
    typealias Truth = [String: Set<String>]

    static func cells(_ work: MatrixPlan.Work, _ truth: Truth) -> [MatrixCell] {
        work.suites.flatMap { suite in
            suite.cases.map { testCase in
                let fails = truth[work.mutant.name, default: []].contains(MatrixPlan.key(suite.id, testCase.id))
                return MatrixCell(suite: suite.id, caseId: testCase.id, verdict: fails ? .failed : .passed)
            }
        }
    }

    /// Which cases each variant fails alone, and which each set (its names joined by `+`) fails beyond its members.
    struct VariantTruth {
        var alone: Truth = [:]
        var together: Truth = [:]

        func fails(_ variants: [VariantInfo], _ key: String) -> Bool {
            variants.contains { alone[$0.name, default: []].contains(key) }
                || (variants.count > 1 && together[variants.map(\.name).joined(separator: "+"), default: []].contains(key))
        }
    }

    /// Fills the matrix the way ``MutationRunner`` does, answering every cell from `truth` (and the variants' cells
    /// from `variantTruth`).
    static func matrix(_ suites: [Suite], _ mutants: [MutantInfo], _ truth: Truth, scope: MatrixScope, batch: Int = 4,
                       variants: [VariantInfo] = [], variantTruth: VariantTruth = VariantTruth()) async -> MutationMatrix {
        let plan = MatrixPlan(suites: suites, otherSuites: [], mutants: mutants, scope: scope)
        let runs = await plan.fill(batchSize: batch) { work, _ in work.map { ($0.mutant, cells($0, truth)) } }
        let variantRuns = await VariantPlan(suites: suites, variants: variants, scope: scope).fill { work in
            work.map { run in
                VariantRun(variants: run.variants.map(\.name), cells: run.suites.flatMap { suite in
                    suite.cases.map { testCase in
                        let fails = variantTruth.fails(run.variants, MatrixPlan.key(suite.id, testCase.id))
                        return MatrixCell(suite: suite.id, caseId: testCase.id, verdict: fails ? .failed : .passed)
                    }
                })
            }
        }
        let clean = suites.flatMap { suite in suite.cases.map { MatrixCell(suite: suite.id, caseId: $0.id, verdict: .passed) } }
        return MutationMatrix(suites: suites, mutants: mutants, clean: clean, runs: runs, scope: scope,
                              variants: variants, variantRuns: variantRuns)
    }

    static func keys(_ suites: [Suite]) -> [String] {
        suites.flatMap { suite in suite.cases.map { MatrixPlan.key(suite.id, $0.id) } }
    }

    @Test func theFirstRoundSendsEachMutantOnlyToTheSuitesCitingItsRequirements() throws {
        let suites = try EndToEnd.loadSuites()
        let mutants = [
            MutantInfo(name: "allowed", requirements: ["ALW-01"], summary: ""),
            MutantInfo(name: "cited-by-a-case", requirements: ["ENR-01"], summary: ""),
            MutantInfo(name: "nobody's", requirements: ["ZZZ-01"], summary: ""),
        ]
        let restricted = MatrixPlan(suites: suites, otherSuites: [], mutants: mutants, scope: .restricted).firstRound()
        #expect(restricted.map(\.mutant.name) == ["allowed", "cited-by-a-case"], "a mutant no suite judges waits for the follow-up")
        #expect(restricted[0].suites.map(\.id) == suites.filter { MatrixPlan.judges($0, mutants[0]) }.map(\.id))
        #expect(restricted[1].suites.contains { $0.id == "enrollment" }, "a case citing the ID is enough")
        #expect(!restricted[0].suites.contains { $0.id == "enrollment" })

        let full = MatrixPlan(suites: suites, otherSuites: [], mutants: mutants, scope: .full).firstRound()
        #expect(full.map(\.mutant.name) == mutants.map(\.name))
        #expect(full.allSatisfy { $0.caseCount == Self.keys(suites).count })
    }

    @Test func followUpsRunOnlyUncaughtCasesAndStopOnceEveryCaseIsCaught() async throws {
        let suites = try EndToEnd.loadSuites(suiteIDs: ["allowed-accounts", "targeted-config"])
        let allowed = suites[0], config = suites[1]
        let lonely = MatrixPlan.key(config.id, config.cases[0].id)
        let mutants = [
            MutantInfo(name: "allowed", requirements: allowed.requirements, summary: ""),
            MutantInfo(name: "config", requirements: config.requirements, summary: ""),
            MutantInfo(name: "catches-the-lonely-case", requirements: allowed.requirements, summary: ""),
            MutantInfo(name: "never-needed", requirements: allowed.requirements, summary: ""),
        ]
        // Each suite's own mutants fail its cases but the lonely one, which only an allowed-accounts mutant fails.
        let truth: Truth = [
            "allowed": Set(Self.keys([allowed])),
            "config": Set(Self.keys([config])).subtracting([lonely]),
            "catches-the-lonely-case": [lonely, MatrixPlan.key(allowed.id, allowed.cases[0].id)],
            "never-needed": [MatrixPlan.key(allowed.id, allowed.cases[1].id)],
        ]
        let matrix = await Self.matrix(suites, mutants, truth, scope: .restricted, batch: 3)
        #expect(matrix.problems.isEmpty, "\(matrix.problems)")
        #expect(matrix.killers(suite: config.id, case: config.cases[0].id) == ["catches-the-lonely-case"])
        #expect(matrix.outcome(mutant: "allowed", suite: config.id, case: config.cases[1].id) == nil, "a caught case is not run again")
        #expect(matrix.outcome(mutant: "allowed", suite: config.id, case: config.cases[0].id) == .passed, "the uncaught case is")
        #expect(matrix.runs["never-needed"]?.count == allowed.cases.count, "the batch after the last kill never runs")
        #expect(matrix.render().contains("- = not run"))
    }

    /// A case the clean integration skips (another SDK version's) is nobody's to catch: the follow-ups do not send
    /// every other mutant to it, as they would to a case merely uncaught.
    @Test func followUpsDoNotChaseACaseTheCleanIntegrationSkips() async throws {
        let suites = try EndToEnd.loadSuites(suiteIDs: ["allowed-accounts", "targeted-config"])
        let allowed = suites[0], config = suites[1]
        let skipped = MatrixPlan.key(allowed.id, allowed.cases[0].id)
        let owners = [allowed, config].flatMap { suite in
            (0..<3).map { MutantInfo(name: "\(suite.id)-\($0)", requirements: suite.requirements, summary: "") }
        }
        let truth: Truth = Dictionary(uniqueKeysWithValues: owners.map { mutant in
            (mutant.name, Set(Self.keys(mutant.name.hasPrefix(allowed.id) ? [allowed] : [config])).subtracting([skipped]))
        })
        let plan = MatrixPlan(suites: suites, otherSuites: [], mutants: owners, scope: .restricted)
        func followUpCells(knowingTheSkip: Bool) async -> Int {
            var cells = 0
            _ = await plan.fill(batchSize: 2, skippedByClean: { knowingTheSkip ? [skipped] : [] }) { work, firstRound in
                if !firstRound { cells += work.reduce(0) { $0 + $1.caseCount } }
                return work.map { ($0.mutant, Self.cells($0, truth)) }
            }
            return cells
        }
        #expect(await followUpCells(knowingTheSkip: false) == 3, "each targeted-config mutant is sent to the uncaught case")
        #expect(await followUpCells(knowingTheSkip: true) == 0)
    }

    @Test func aMutantNoSuiteJudgesRunsEverywhereAndEscapesOnlyIfNothingFails() async throws {
        let suites = try EndToEnd.loadSuites(suiteIDs: ["allowed-accounts", "targeted-config"])
        let everyCase = Set(Self.keys(suites))
        let owners = suites.map { MutantInfo(name: "owner-\($0.id)", requirements: $0.requirements, summary: "") }
        let ownersKillAll: Truth = Dictionary(uniqueKeysWithValues: suites.map { ("owner-\($0.id)", Set(Self.keys([$0]))) })
        let orphan = MutantInfo(name: "orphan", requirements: ["ZZZ-01"], summary: "")
        let last = try #require(everyCase.sorted().last)

        var truth = ownersKillAll
        truth["orphan"] = [last]
        let caught = await Self.matrix(suites, owners + [orphan], truth, scope: .restricted)
        #expect(caught.problems.isEmpty)
        #expect(caught.runs["orphan"]?.count == everyCase.count)

        let escaped = await Self.matrix(suites, owners + [orphan], ownersKillAll, scope: .restricted)
        #expect(escaped.problems == ["mutant orphan survives every suite"])
    }

    /// The property the restricted matrix rests on: over random truths, it finds the same problems as the
    /// full matrix while running fewer cells. The truths include conformant variants (some of one decision point,
    /// which never run together) that cases reject alone, anywhere, or only together with their set.
    @Test(arguments: 0..<40) func restrictedAndFullMatricesFindTheSameProblems(seed: UInt64) async throws {
        let suites = try EndToEnd.loadSuites()
        let keys = Self.keys(suites)
        let ids = Array(Set(suites.flatMap { $0.requirements + $0.cases.flatMap(\.requirements) })).sorted() + ["ZZZ-01", "ZZZ-02"]
        var random = SplitMix64(seed: seed)
        var mutants: [MutantInfo] = []
        var truth: Truth = [:]
        for index in 0..<Int.random(in: 3...30, using: &random) {
            let name = "m\(index)"
            mutants.append(MutantInfo(name: name, requirements: (0..<Int.random(in: 1...2, using: &random)).map { _ in ids.randomElement(using: &random)! }, summary: ""))
            // Mostly killers inside their own suites, some anywhere, some nothing at all.
            let owned = suites.filter { MatrixPlan.judges($0, mutants.last!) }
            var killed = Set<String>()
            if !owned.isEmpty, Double.random(in: 0..<1, using: &random) < 0.8 {
                let pool = Self.keys(owned)
                for _ in 0..<Int.random(in: 1...6, using: &random) { killed.insert(pool.randomElement(using: &random)!) }
            }
            for _ in 0..<Int.random(in: 0...8, using: &random) where Double.random(in: 0..<1, using: &random) < 0.5 {
                killed.insert(keys.randomElement(using: &random)!)
            }
            truth[name] = killed
        }
        var variants: [VariantInfo] = []
        var variantTruth = VariantTruth()
        for index in 0..<Int.random(in: 0...12, using: &random) {
            let name = "v\(index)"
            variants.append(VariantInfo(name: name, requirements: [ids.randomElement(using: &random)!], source: "000:\(index)",
                                        decisionPoint: "point-\(Int.random(in: 0...5, using: &random))", summary: ""))
            // Mostly accepted everywhere; some rejected in the suites citing them, some anywhere.
            if Double.random(in: 0..<1, using: &random) < 0.3 {
                let owned = suites.filter { MatrixPlan.judges($0, requirements: variants.last!.requirements) }
                let pool = Double.random(in: 0..<1, using: &random) < 0.5 && !owned.isEmpty ? Self.keys(owned) : keys
                variantTruth.alone[name] = Set((0..<Int.random(in: 1...3, using: &random)).map { _ in pool.randomElement(using: &random)! })
            }
        }
        for set in VariantInfo.compatibleSets(variants) where set.count > 1 && Double.random(in: 0..<1, using: &random) < 0.3 {
            variantTruth.together[set.map(\.name).joined(separator: "+")] = [keys.randomElement(using: &random)!]
        }
        let full = await Self.matrix(suites, mutants, truth, scope: .full, variants: variants, variantTruth: variantTruth)
        let restricted = await Self.matrix(suites, mutants, truth, scope: .restricted, batch: Int.random(in: 1...8, using: &random),
                                           variants: variants, variantTruth: variantTruth)
        #expect(Set(restricted.variantProblems) == Set(full.variantProblems))
        let rejected = variantTruth.alone.values.contains { !$0.isEmpty } || !variantTruth.together.isEmpty
        #expect(full.variantProblems.isEmpty == !rejected, "a rejection in the truth is a problem in the matrix")
        #expect(Set(restricted.problems) == Set(full.problems))
        #expect(restricted.problems.count == full.problems.count)
        #expect(restricted.cellCount < full.cellCount)
    }
}

/// A case the clean integration skips (a case of another SDK version) is not judged by its matrix.
@Suite struct SkippedCaseMatrixTests {
    @Test func aCaseTheCleanIntegrationSkipsIsNotCalledUncaughtButACaseItRunsIs() throws {
        let suites = try EndToEnd.loadSuites(suiteIDs: ["allowed-accounts"])
        let suite = suites[0].id, first = suites[0].cases[0].id, second = suites[0].cases[1].id
        let mutants = [MutantInfo(name: "m", requirements: ["ALW-01"], summary: "s")]
        let clean = suites[0].cases.map { MatrixCell(suite: suite, caseId: $0.id, verdict: $0.id == second ? .skipped : .passed) }
        let runs = ["m": suites[0].cases.map { testCase in
            MatrixCell(suite: suite, caseId: testCase.id, verdict: testCase.id == second ? .skipped : testCase.id == first ? .failed : .passed)
        }]
        let matrix = MutationMatrix(suites: suites, mutants: mutants, clean: clean, runs: runs)
        #expect(!matrix.problems.contains { $0.contains("\(suite)/\(second)") }, "\(matrix.problems)")
        let unjudged = suites[0].cases.map(\.id).filter { $0 != first && $0 != second }
        for caseId in unjudged {
            #expect(matrix.problems.contains("no mutant fails \(suite)/\(caseId): the case checks nothing a mutant breaks"), "\(matrix.problems)")
        }
        #expect(matrix.render().contains("skipped by the integration (not judged here): \(second)"))
    }
}

/// `mamconf mutants` keeps its matrix; `list --requirements` answers from it while it still describes the
/// suites and the adapter, and says so, instead of running mutants again.
@Suite struct KeptMatrixTests {
    static func record(suites: [Suite], mutants: [MutantInfo], digest: String = "d", adapter: String = "a",
                       runs: [String: [MatrixCell]] = [:], variants: [VariantInfo] = [], variantRuns: [VariantRun] = []) -> MatrixRecord {
        let clean = suites.flatMap { suite in suite.cases.map { MatrixCell(suite: suite.id, caseId: $0.id, verdict: .passed) } }
        let matrix = MutationMatrix(suites: suites, mutants: mutants, clean: clean, runs: runs, scope: .restricted,
                                    variants: variants, variantRuns: variantRuns)
        return MatrixRecord(matrix: matrix, suitesDigest: digest, adapter: adapter)
    }

    @Test func aRecordSurvivesTheFileAndKeepsNoFailureText() throws {
        let suites = try EndToEnd.loadSuites(suiteIDs: ["allowed-accounts"])
        let mutants = [MutantInfo(name: "m", requirements: ["ALW-01"], summary: "s")]
        let first = suites[0].cases[0].id, second = suites[0].cases[1].id
        let record = Self.record(suites: suites, mutants: mutants, runs: ["m": [
            MatrixCell(suite: suites[0].id, caseId: first, verdict: .failed, problem: "expected token secret-123"),
            MatrixCell(suite: suites[0].id, caseId: second, verdict: .errored, problem: "adapter exited with status 3"),
        ]])
        let path = NSTemporaryDirectory() + "mamconf-matrix-\(UUID().uuidString)/kept.json"
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        try record.write(path: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("secret-123"))
        let loaded = try #require(try MatrixRecord.load(path: path))
        let matrix = loaded.matrix(suites: suites)
        #expect(matrix.killers(suite: suites[0].id, case: first) == ["m"])
        #expect(matrix.problems.contains("mutant m makes \(suites[0].id)/\(second) an error, not a failure: adapter exited with status 3"))
        #expect(loaded.staleness(suitesDigest: "d", suites: suites, adapter: "a", mutants: mutants) == nil)
    }

    @Test(arguments: [
        ("other-digest", "a", false, false, "the suites or fixtures changed since it was written"),
        ("d", "other-adapter", false, false, "the adapter changed since it was written"),
        ("d", "a", true, false, "the adapter lists other mutants now"),
        ("d", "a", false, true, "it covers suites allowed-accounts, not all of them"),
    ])
    func aRecordThatNoLongerDescribesTheRunSaysWhy(digest: String, adapter: String, otherMutants: Bool, moreSuites: Bool, reason: String) throws {
        let one = try EndToEnd.loadSuites(suiteIDs: ["allowed-accounts"])
        let mutants = [MutantInfo(name: "m", requirements: ["ALW-01"], summary: "s")]
        let record = Self.record(suites: one, mutants: mutants)
        let now = moreSuites ? try EndToEnd.loadSuites(suiteIDs: ["allowed-accounts", "targeted-config"]) : one
        let listed = otherMutants ? mutants + [MutantInfo(name: "n", requirements: ["ALW-02"], summary: "")] : mutants
        #expect(record.staleness(suitesDigest: digest, suites: now, adapter: adapter, mutants: listed) == reason)
    }

    /// A record keeps the variants it judged: other variants listed now make it stale, and a record written before
    /// variants existed still reads, stale by its format rather than unreadable.
    @Test func aRecordOfOtherVariantsOrAnOlderFormatIsStale() throws {
        let one = try EndToEnd.loadSuites(suiteIDs: ["allowed-accounts"])
        let mutants = [MutantInfo(name: "m", requirements: ["ALW-01"], summary: "s")]
        let variants = [VariantInfo(name: "v", requirements: ["ALW-01"], source: "000:1", decisionPoint: "p", summary: "")]
        let record = Self.record(suites: one, mutants: mutants, variants: variants,
                                 variantRuns: [VariantRun(variants: ["v"], cells: [MatrixCell(suite: one[0].id, caseId: one[0].cases[0].id, verdict: .passed)])])
        #expect(record.staleness(suitesDigest: "d", suites: one, adapter: "a", mutants: mutants, variants: variants) == nil)
        #expect(record.staleness(suitesDigest: "d", suites: one, adapter: "a", mutants: mutants, variants: []) == "the adapter lists other variants now")

        let path = NSTemporaryDirectory() + "mamconf-matrix-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try record.write(path: path)
        let loaded = try #require(try MatrixRecord.load(path: path))
        #expect(loaded.matrix(suites: one).acceptingVariants(suite: one[0].id, case: one[0].cases[0].id) == ["v"])
        var old = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        old["format"] = 1
        old.removeValue(forKey: "variants")
        old.removeValue(forKey: "variantRuns")
        try JSONSerialization.data(withJSONObject: old).write(to: URL(fileURLWithPath: path))
        let older = try #require(try MatrixRecord.load(path: path))
        #expect(older.staleness(suitesDigest: "d", suites: one, adapter: "a", mutants: mutants, variants: variants)
                == "it has format 1, this mamconf writes 2")
    }

    @Test func requirementListingAnswersFromAMatchingKeptMatrix() async throws {
        let reference = try EndToEnd.referenceExecutable()
        let suites = try EndToEnd.loadSuites()
        let mutants = try await MutationRunner(adapterCommand: [reference], suites: suites).listMutants()
        let variants = try await MutationRunner(adapterCommand: [reference], suites: suites).listVariants()
        let options = try SuiteOptions.parse(["--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures])
        // A kill and a rejection no real run produces: only the kept file can put them in the listing.
        let allowed = try #require(suites.first { $0.id == "allowed-accounts" })
        let victim = try #require(allowed.cases.first { $0.requirements.contains("ALW-01") })
        let tagged = try #require(mutants.first { $0.requirements.contains("ALW-01") })
        let variant = try #require(variants.first)
        let record = Self.record(suites: suites, mutants: mutants, digest: try options.load().digest,
                                 adapter: MatrixRecord.adapterIdentity(command: [reference]),
                                 runs: [tagged.name: [MatrixCell(suite: allowed.id, caseId: victim.id, verdict: .failed)]],
                                 variants: variants,
                                 variantRuns: [VariantRun(variants: [variant.name], cells: [MatrixCell(suite: allowed.id, caseId: victim.id, verdict: .failed)])])
        let path = NSTemporaryDirectory() + "mamconf-matrix-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try record.write(path: path)

        let listed = try await MutantsForOneSuiteTests.mamconf([
            "list", "--requirements", "--ids", "ALW", "--matrix-file", path, "--adapter", reference,
            "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures])
        #expect(listed.err.contains("kills from the restricted matrix in \(path)"), "\(listed.err)")
        #expect(!listed.err.contains("running the restricted matrix"))
        #expect(listed.out.contains("\(allowed.id)/\(victim.id)  kills: \(tagged.name)*"), "\(listed.out)")
        #expect(listed.out.contains("rejects: \(variant.name)"), "\(listed.out)")
        #expect(listed.code == 0)
    }
}
