import Foundation
import JUnitXML
import TestSupport
import Testing

/// `mamconf merge` and `mamconf compare`, run as the built binary on reports written the way shards write them.
@Suite struct ReportCommandTests {
    static var mamconf: String {
        let reference = (try? EndToEnd.referenceExecutable()) ?? ""
        return (reference as NSString).deletingLastPathComponent + "/mamconf"
    }

    static let digest = "sha256:0a1b2c"

    /// A suite as a shard writes it: the run properties of ``JUnitRunProperty`` on every suite.
    static func suite(_ name: String, index: Int, planned: [String], _ cases: [JUnitCase], shard: String, digest: String = digest) -> JUnitSuite {
        JUnitSuite(name: name, timestamp: Date(timeIntervalSince1970: 1_795_313_011), time: 1, properties: [
            JUnitProperty(name: "requirements", value: "ENR-01"),
            JUnitProperty(name: JUnitRunProperty.suitesDigest, value: digest),
            JUnitProperty(name: JUnitRunProperty.suiteIndex, value: String(index)),
            JUnitProperty(name: JUnitRunProperty.cases, value: planned.joined(separator: ",")),
            JUnitProperty(name: JUnitRunProperty.shard, value: shard),
        ], cases: cases)
    }

    static func passed(_ suite: String, _ name: String) -> JUnitCase { JUnitCase(classname: suite, name: name, time: 0.5) }

    static func failed(_ suite: String, _ name: String) -> JUnitCase {
        JUnitCase(classname: suite, name: name, outcome: .failure(message: "expected pin-setup, got none (\(suite).yaml:12)", type: "ExpectationFailed", details: "d"))
    }

    /// Shard 1 of 2 and shard 2 of 2 of a run with suites enrol (e1 e2) and wipe (w1 w2).
    static func shardOne(digest: String = digest) -> JUnitDocument {
        JUnitDocument(name: "mamconf", suites: [
            suite("wipe", index: 1, planned: ["w1", "w2"], [passed("wipe", "w2")], shard: "1/2", digest: digest),
            suite("enrol", index: 0, planned: ["e1", "e2"], [passed("enrol", "e2")], shard: "1/2", digest: digest),
        ])
    }

    static func shardTwo(_ e1: JUnitCase = passed("enrol", "e1")) -> JUnitDocument {
        JUnitDocument(name: "mamconf", suites: [
            suite("enrol", index: 0, planned: ["e1", "e2"], [e1], shard: "2/2"),
            suite("wipe", index: 1, planned: ["w1", "w2"], [failed("wipe", "w1")], shard: "2/2"),
        ])
    }

    private func workDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "mamconf-reports-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func write(_ document: JUnitDocument, _ path: String) throws {
        try JUnitWriter.write(document, to: URL(fileURLWithPath: path))
    }

    @Test func mergeJoinsAShardFileAndAShardDirectoryIntoOneValidReportInRunOrder() async throws {
        let work = try workDirectory()
        defer { try? FileManager.default.removeItem(atPath: work) }
        try write(Self.shardOne(), "\(work)/shard-1.xml")
        try JUnitWriter.writeDirectory(Self.shardTwo(), to: URL(fileURLWithPath: "\(work)/shard-2"))

        let (status, output) = try await runCommand([Self.mamconf, "merge", "\(work)/out/merged.xml", "\(work)/shard-1.xml", "\(work)/shard-2"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("merged 2 report(s) into \(work)/out/merged.xml: 2 suite(s), 4 case(s), 1 failed"), "\(output)")
        let xml = try Data(contentsOf: URL(fileURLWithPath: "\(work)/out/merged.xml"))
        for schema in ["junit-10.xsd", "jenkins-junit.xsd"] {
            #expect(try JUnitSchemaValidator(xsdPath: "\(Repository.schemas)/\(schema)").validate(xml) == [], "\(schema)")
        }
        #expect(try JUnitSchemaValidator(xsdPath: "\(Repository.schemas)/surefire-test-report.xsd").validateEachSuite(xml) == [])
        let merged = try JUnitReader.read(data: xml, source: "merged.xml")
        #expect(merged.suites.map(\.name) == ["enrol", "wipe"])
        #expect(merged.suites.map { $0.cases.map(\.name) } == [["e1", "e2"], ["w1", "w2"]])
        #expect(merged.suites.allSatisfy { $0.property(JUnitRunProperty.shard) == nil && $0.time == 2 })
    }

    @Test func mergeWritesTheDialectItIsAskedFor() async throws {
        let work = try workDirectory()
        defer { try? FileManager.default.removeItem(atPath: work) }
        try write(Self.shardOne(), "\(work)/a.xml")
        try write(Self.shardTwo(), "\(work)/b.xml")
        let (status, output) = try await runCommand([Self.mamconf, "merge", "--junit-dialect", "ant", "\(work)/ant.xml", "\(work)/a.xml", "\(work)/b.xml"])
        #expect(status == 0, "\(output)")
        let xml = try Data(contentsOf: URL(fileURLWithPath: "\(work)/ant.xml"))
        #expect(try JUnitSchemaValidator(xsdPath: "\(Repository.schemas)/JUnit.xsd").validate(xml) == [])

        let (unknown, message) = try await runCommand([Self.mamconf, "merge", "--junit-dialect", "jenkins", "\(work)/x.xml", "\(work)/a.xml"])
        #expect(unknown == 2)
        #expect(message.contains("standard") && message.contains("github") && message.contains("ant"), "\(message)")
    }

    @Test func mergeRefusesShardsOfDifferentSuitesAndWritesNothing() async throws {
        let work = try workDirectory()
        defer { try? FileManager.default.removeItem(atPath: work) }
        try write(Self.shardOne(), "\(work)/a.xml")
        try write(Self.shardOne(digest: "sha256:ffff"), "\(work)/b.xml")
        let (status, output) = try await runCommand([Self.mamconf, "merge", "\(work)/out.xml", "\(work)/a.xml", "\(work)/b.xml"])
        #expect(status == 2)
        #expect(output.contains("\(work)/b.xml was made from different suites (digest sha256:ffff) than \(work)/a.xml (digest \(Self.digest)); "
            + "rerun the shards from the same commit"), "\(output)")
        #expect(!FileManager.default.fileExists(atPath: "\(work)/out.xml"))
    }

    @Test func mergeRefusesACaseFoundInTwoShardsNamingBoth() async throws {
        let work = try workDirectory()
        defer { try? FileManager.default.removeItem(atPath: work) }
        try write(Self.shardOne(), "\(work)/a.xml")
        try write(Self.shardTwo(Self.passed("enrol", "e2")), "\(work)/b.xml")
        let (status, output) = try await runCommand([Self.mamconf, "merge", "\(work)/out.xml", "\(work)/a.xml", "\(work)/b.xml"])
        #expect(status == 2)
        #expect(output.contains("case enrol/e2 is in both \(work)/a.xml and \(work)/b.xml"), "\(output)")
    }

    @Test func mergeRefusesAMissingShardOrOneReportTwiceUnlessMissingShardsAreAllowed() async throws {
        let work = try workDirectory()
        defer { try? FileManager.default.removeItem(atPath: work) }
        try write(Self.shardOne(), "\(work)/a.xml")
        let (status, output) = try await runCommand([Self.mamconf, "merge", "\(work)/out.xml", "\(work)/a.xml"])
        #expect(status == 2)
        #expect(output.contains("mamconf: shard 2/2 is missing: "), "\(output)")
        #expect(!FileManager.default.fileExists(atPath: "\(work)/out.xml"))

        let (twice, twiceOutput) = try await runCommand([Self.mamconf, "merge", "\(work)/out.xml", "\(work)/a.xml", "\(work)/./a.xml"])
        #expect(twice == 2)
        #expect(twiceOutput.contains("\(work)/a.xml and \(work)/./a.xml are the same report"), "\(twiceOutput)")
        #expect(!FileManager.default.fileExists(atPath: "\(work)/out.xml"))

        let (allowed, allowedOutput) = try await runCommand([Self.mamconf, "merge", "--allow-missing-shards", "\(work)/out.xml", "\(work)/a.xml"])
        #expect(allowed == 0, "merge only joins reports: \(allowedOutput)")
        #expect(allowedOutput.contains("mamconf: warning: the merged report is incomplete: shard 2/2 is missing"), "\(allowedOutput)")
        let merged = try JUnitReader.read(path: "\(work)/out.xml")
        #expect(merged.errors == 3, "the missing shard and its two planned cases are errors every reader shows")
    }

    @Test func aMalformedInputEndsMergeAndCompareWithItsFileAndLine() async throws {
        let work = try workDirectory()
        defer { try? FileManager.default.removeItem(atPath: work) }
        try write(Self.shardOne(), "\(work)/good.xml")
        try "<testsuites>\n<testsuite name=\"s\">\n</testsuites>\n".write(toFile: "\(work)/bad.xml", atomically: true, encoding: .utf8)
        let (merge, mergeOutput) = try await runCommand([Self.mamconf, "merge", "\(work)/out.xml", "\(work)/good.xml", "\(work)/bad.xml"])
        #expect(merge == 2)
        #expect(mergeOutput.contains("\(work)/bad.xml:3:"), "\(mergeOutput)")
        let (compare, compareOutput) = try await runCommand([Self.mamconf, "compare", "\(work)/good.xml", "\(work)/missing.xml"])
        #expect(compare == 2)
        #expect(compareOutput.contains("\(work)/missing.xml: cannot read the report"), "\(compareOutput)")
    }

    @Test func compareExitsOneOnARegressionAndWritesAPullRequestComment() async throws {
        let work = try workDirectory()
        defer { try? FileManager.default.removeItem(atPath: work) }
        // BASE: everything passed with the old SDK (written as a directory, in the ant dialect). NEW: w1 fails.
        var old = Self.shardOne()
        old.suites[0].cases.append(Self.passed("wipe", "w1"))
        old.suites[1].cases.append(Self.passed("enrol", "e1"))
        try JUnitWriter.writeDirectory(old, to: URL(fileURLWithPath: "\(work)/old"), dialect: .ant)
        try write(try JUnitMerger.merge([.init(source: "1", document: Self.shardOne()), .init(source: "2", document: Self.shardTwo())]).document,
                  "\(work)/new.xml")

        let (status, markdown) = try await runCommand([Self.mamconf, "compare", "--format", "markdown", "\(work)/old", "\(work)/new.xml"],
                                                      mergingStandardError: false)
        #expect(status == 1)
        #expect(markdown.hasPrefix("### mamconf: "), "\(markdown)")
        #expect(markdown.contains(":x: **1 regression**"), "\(markdown)")
        #expect(markdown.contains("| wipe / w1 | passed | failed | expected pin-setup, got none (wipe.yaml:12) |"), "\(markdown)")

        let (textStatus, text) = try await runCommand([Self.mamconf, "compare", "\(work)/old", "\(work)/new.xml"])
        #expect(textStatus == 1)
        #expect(text.contains("REGRESSED: 1 regression, 0 fixes"), "\(text)")

        let (reverse, reverseText) = try await runCommand([Self.mamconf, "compare", "\(work)/new.xml", "\(work)/old"])
        #expect(reverse == 0, "a fix is no regression: \(reverseText)")
        #expect(reverseText.contains("no regressions: 0 regressions, 1 fix"), "\(reverseText)")
    }
}
