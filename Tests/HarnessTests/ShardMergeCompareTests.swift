import Foundation
import JUnitXML
import TestSupport
import Testing

/// The report round trip CI relies on: shard reports merged equal one run, and compare finds exactly the
/// regressions a broken build brings.
@Suite struct ShardMergeCompareTests {
    static func folder() throws -> String {
        let folder = NSTemporaryDirectory() + "mamconf-merge-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    static func run(_ arguments: [String], junit: String) async throws -> (status: Int32, output: String) {
        try await runCommand([InterruptionTests.mamconf, "run", "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures,
                              "--junit", junit] + arguments)
    }

    /// Suite, case and verdict of every case, in report order.
    static func verdicts(_ path: String) throws -> [String] {
        try JUnitReader.read(path: path).suites.flatMap { suite in
            suite.cases.map { testCase in
                let verdict: String
                switch testCase.outcome {
                case .passed: verdict = "passed"
                case .failure: verdict = "failed"
                case .error: verdict = "errored"
                case .skipped: verdict = "skipped"
                }
                return "\(suite.name)/\(testCase.name): \(verdict)"
            }
        }
    }

    @Test func fourShardsMergedEqualASingleRun() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let selection = ["--suite", "policy-queries", "--suite", "targeted-config", "--suite", "allowed-accounts"]
        let single = try await Self.run(selection, junit: "\(folder)/single.xml")
        #expect(single.status == 0, "\(single.output)")
        var shards: [String] = []
        for index in 1...4 {
            let path = "\(folder)/shard-\(index).xml"
            let shard = try await Self.run(selection + ["--shard", "\(index)/4"], junit: path)
            #expect(shard.status == 0, "\(shard.output)")
            shards.append(path)
        }
        // Inputs in any order: the merge restores the run's order from the reports' properties.
        let merge = try await runCommand([InterruptionTests.mamconf, "merge", "\(folder)/merged.xml"] + shards.reversed())
        #expect(merge.status == 0, "\(merge.output)")
        let merged = try Self.verdicts("\(folder)/merged.xml")
        #expect(merged == (try Self.verdicts("\(folder)/single.xml")))
        let cases = try EndToEnd.loadSuites(suiteIDs: ["policy-queries", "targeted-config", "allowed-accounts"]).flatMap(\.cases).count
        #expect(merged.count == cases, "\(merged.count) cases of \(cases)")
        let xml = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/merged.xml"))
        for schema in ["junit-10.xsd", "jenkins-junit.xsd"] {
            #expect(try JUnitSchemaValidator(xsdPath: "\(Repository.schemas)/\(schema)").validate(xml).isEmpty, "\(schema)")
        }
        let compare = try await runCommand([InterruptionTests.mamconf, "compare", "\(folder)/single.xml", "\(folder)/merged.xml"])
        #expect(compare.status == 0, "\(compare.output)")
    }

    @Test func compareFindsTheRegressionsOfABrokenBuildAndNoneBetweenTwoCleanRuns() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let selection = ["--case", "first-policy-application/*restart*"]
        let reference = try EndToEnd.referenceExecutable()
        _ = try await Self.run(selection, junit: "\(folder)/base.xml")
        _ = try await Self.run(selection, junit: "\(folder)/again.xml")
        // Run as a GitHub Actions job: each failure is also an annotation at its suite line.
        let broken = try await runCommand(["env", "GITHUB_ACTIONS=true", "GITHUB_WORKSPACE=\(Repository.root)", InterruptionTests.mamconf, "run",
                                           "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures, "--junit", "\(folder)/new.xml",
                                           "--adapter", "\(reference) --mutant no-restart-request"] + selection)
        #expect(broken.status == 1)
        #expect(broken.output.contains("::error file=Suites/first-policy-application.yaml,line=28,title=first-policy-application/targeted-account-enrolls-and-app-restarts-itself::"), "\(broken.output)")

        let clean = try await runCommand([InterruptionTests.mamconf, "compare", "\(folder)/base.xml", "\(folder)/again.xml"])
        #expect(clean.status == 0, "\(clean.output)")
        let regression = try await runCommand([InterruptionTests.mamconf, "compare", "\(folder)/base.xml", "\(folder)/new.xml"], mergingStandardError: false)
        #expect(regression.status == 1, "\(regression.output)")
        for name in ["targeted-account-enrolls-and-app-restarts-itself", "sdk-shows-restart-dialog-when-app-declines"] {
            #expect(regression.output.contains(name), "the regression names \(name): \(regression.output)")
        }
        #expect(!regression.output.contains("auto-enroll-at-launch-needs-no-restart"), "a case that passes in both is no regression")
        let markdown = try await runCommand([InterruptionTests.mamconf, "compare", "\(folder)/base.xml", "\(folder)/new.xml", "--format", "markdown"], mergingStandardError: false)
        #expect(markdown.status == 1)
        #expect(markdown.output.contains("|"), "a table for the pull request: \(markdown.output)")
    }
}
