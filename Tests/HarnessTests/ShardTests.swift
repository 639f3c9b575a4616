import ConformanceCore
import Foundation
@testable import MamconfCLI
import Testing
import TestSupport

/// Sharding: a deterministic split of the planned cases, chosen by `--shard` or by the CI system's variables.
@Suite struct ShardTests {
    static func suites() throws -> [Suite] { try EndToEnd.loadSuites() }

    @Test(arguments: [(1, 1), (2, 4), (4, 4), (3, 7), (62, 62), (5, 100)])
    func theShardsOfARunAreDisjointCoverEveryCaseAndDifferByAtMostOne(number: Int, total: Int) throws {
        let suites = try Self.suites()
        let all = suites.flatMap { suite in suite.cases.map { "\(suite.id)/\($0.id)" } }
        var seen: [String] = []
        var sizes: [Int] = []
        for index in 0..<total {
            let plan = RunPlan(suites: suites, shard: try Shard(index: index, total: total))
            let mine = plan.scheduled.flatMap { entry in entry.suite.cases.map { "\(entry.suite.id)/\($0.id)" } }
            seen += mine
            sizes.append(mine.count)
            for entry in plan.scheduled {
                #expect(entry.plannedCases == suites[entry.index].cases.map(\.id), "each shard knows its suite's whole case list and place")
            }
        }
        #expect(seen.sorted() == all.sorted(), "every case in exactly one shard")
        #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1)
        _ = number
    }

    @Test func theSameSuitesGiveTheSameSplitEveryTime() throws {
        let first = RunPlan(suites: try Self.suites(), shard: try Shard(parsing: "2/4")).scheduled.flatMap { $0.suite.cases.map(\.id) }
        let again = RunPlan(suites: try Self.suites(), shard: try Shard(parsing: "2/4")).scheduled.flatMap { $0.suite.cases.map(\.id) }
        #expect(first == again)
        #expect(!first.isEmpty)
    }

    @Test(arguments: [
        ("0/4", "shard 0 of 4 does not exist (shards count from 1 to 4)"),
        ("5/4", "shard 5 of 4 does not exist (shards count from 1 to 4)"),
        ("1/0", "a run cannot be split into 0 shard(s); the total must be at least 1"),
        ("two/4", "shard 'two/4' is not I/N (e.g. 1/4 for the first of four)"),
        ("1-4", "shard '1-4' is not I/N (e.g. 1/4 for the first of four)"),
    ])
    func aBadShardIsRefusedWithTheRule(text: String, message: String) {
        #expect(throws: ShardError.self) { try Shard(parsing: text) }
        do { _ = try Shard(parsing: text) } catch { #expect(error.description == message) }
    }

    @Test(arguments: [
        ([String: String](), nil as String?, nil as Int?, nil as String?),
        (["TEST_TOTAL_SHARDS": "4", "TEST_SHARD_INDEX": "0", "TEST_SHARD_STATUS_FILE": "/tmp/status"], nil, nil, "1/4"),
        (["TEST_TOTAL_SHARDS": "4", "TEST_SHARD_INDEX": "3"], nil, nil, "4/4"),
        (["CI_NODE_TOTAL": "3", "CI_NODE_INDEX": "1"], nil, nil, "1/3"),
        (["CI_NODE_TOTAL": "3", "CI_NODE_INDEX": "3"], nil, nil, "3/3"),
        (["JOB_COMPLETION_INDEX": "2"], nil, 5, "3/5"),
        (["CI_NODE_TOTAL": "3", "CI_NODE_INDEX": "3"], "1/2", nil, "1/2"),
    ])
    func theShardComesFromTheFlagElseBazelElseGitLabElseKubernetes(environment: [String: String], flag: String?, total: Int?, expected: String?) throws {
        let selection = try ShardSelection.resolve(flag: flag, total: total, environment: environment)
        #expect(selection.shard?.description == expected)
        #expect(selection.statusFile == environment["TEST_SHARD_STATUS_FILE"])
    }

    @Test(arguments: [
        (["JOB_COMPLETION_INDEX": "2"], nil as String?, nil as Int?, "--shard-total"),
        ([String: String](), nil, 4, "needs JOB_COMPLETION_INDEX"),
        (["CI_NODE_TOTAL": "3", "CI_NODE_INDEX": "x"], nil, nil, "CI_NODE_INDEX is 'x'; it must be a whole number"),
        (["TEST_TOTAL_SHARDS": "2"], nil, nil, "TEST_SHARD_INDEX is not set"),
        (["CI_NODE_TOTAL": "3", "CI_NODE_INDEX": "0"], nil, nil, "shard 0 of 3 does not exist"),
        ([String: String](), "1/2", 2, "not both"),
    ])
    func aShardThatCannotBeWorkedOutStopsTheRun(environment: [String: String], flag: String?, total: Int?, message: String) {
        do {
            _ = try ShardSelection.resolve(flag: flag, total: total, environment: environment)
            Issue.record("expected an error containing \(message)")
        } catch let exit as MamconfExit {
            #expect(exit.code == 2)
            #expect(exit.message?.contains(message) == true, "\(exit.message ?? "")")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// Bazel's contract end to end: the status file is touched, the report goes to XML_OUTPUT_FILE, and only
    /// the shard's cases run.
    @Test func underBazelTheRunTouchesTheStatusFileAndWritesWhereBazelAsks() async throws {
        let folder = NSTemporaryDirectory() + "mamconf-bazel-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = ProcessInfo.processInfo.environment.merging([
            "TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "1", "TEST_SHARD_STATUS_FILE": "\(folder)/status",
            "XML_OUTPUT_FILE": "\(folder)/test.xml",
        ]) { $1 }
        let run = try await runCommand([InterruptionTests.mamconf, "run", "--suites-dir", Repository.suites,
                                        "--fixtures-dir", Repository.fixtures, "--suite", "policy-queries"], environment: environment)
        #expect(run.status == 0, "\(run.output)")
        #expect(FileManager.default.fileExists(atPath: "\(folder)/status"))
        let report = try String(contentsOfFile: "\(folder)/test.xml", encoding: .utf8)
        let planned = try EndToEnd.loadSuites(suiteIDs: ["policy-queries"]).flatMap(\.cases)
        let expected = planned.enumerated().filter { $0.offset % 3 == 1 }.map(\.element.id)
        let ran = report.components(separatedBy: "<testcase ").dropFirst().compactMap { $0.components(separatedBy: " name=\"").dropFirst().first?.components(separatedBy: "\"").first }
        #expect(ran == expected)
        #expect(report.contains("<property name=\"shard\" value=\"2/3\""))
    }
}

/// `--case` takes what the console prints (`suite/case`), plain case ids, and globs.
@Suite struct CaseSelectionTests {
    @Test(arguments: [
        (["policy-queries/*"], 18),
        (["*/config-gone-after-unenroll"], 1),
        (["config-gone-after-unenroll"], 1),
        (["targeted-config/config-gone-after-unenroll"], 1),
        (["*wipe*"], 12),
        (["identity-*/*", "policy-queries/*"], 41),
    ])
    func casesAreChosenByQualifiedNameIdOrGlob(patterns: [String], count: Int) throws {
        let chosen = try CaseSelection(suiteIDs: [], casePatterns: patterns).apply(to: try EndToEnd.loadSuites())
        #expect(chosen.reduce(0) { $0 + $1.cases.count } == count, "\(chosen.map { $0.cases.map(\.id) })")
    }

    @Test func aPatternThatMatchesNothingIsAnErrorNamingTheCasesThatExist() throws {
        do {
            _ = try CaseSelection(suiteIDs: ["policy-queries"], casePatterns: ["policy-queries/nope*"]).apply(to: try EndToEnd.loadSuites())
            Issue.record("expected an error")
        } catch let exit as MamconfExit {
            #expect(exit.code == 2)
            #expect(exit.message?.contains("no case matches 'policy-queries/nope*'") == true)
            #expect(exit.message?.contains("(known: policy-queries/") == true, "\(exit.message ?? "")")
        }
    }
}
