import ConformanceCore
import Foundation
import JUnitXML
@testable import MamconfCLI
@testable import SuiteLoader
import Testing
import Yams

/// `expected-failures --update` takes names from a report, which anyone can write: it adds only cases the suites
/// define, writes every name quoted, keeps a symbolic link a link, starts a list that does not exist yet, and
/// never writes a list that no longer parses.
@Suite struct ExpectedFailuresUpdateSafetyTests {
    /// The entries of a list as YAML reads them (placeholders allowed).
    static func entries(_ text: String) throws -> [[String: String]] {
        guard let root = try Yams.load(yaml: text) as? [String: Any] else { return [] }
        let items = root[ExpectedFailuresFile.rootKey] as? [[String: Any]] ?? []
        return items.map { $0.mapValues { "\($0)" } }
    }

    static let oneEntry = "expected-failures:\n  - case: s/old\n    message: expected m\n    reason: r\n    tracking: https://t/1\n"

    @Test func aFailingCaseTheSuitesDoNotDefineIsNeverAdded() throws {
        var observed: [String: ExpectedFailuresUpdate.Observed] = ["s/old": .failed(message: "expected m"), "s/real": .failed(message: "expected x")]
        var order = ["s/old", "s/real"]
        for index in 0..<1000 {
            observed["s/invented-\(index)"] = .failed(message: "expected y")
            order.append("s/invented-\(index)")
        }
        let (text, changes) = try ExpectedFailuresUpdate.apply(
            to: Self.oneEntry, file: "known.yaml", observed: observed, order: order, defined: ["s/old", "s/real"])
        #expect(try Self.entries(text).map { $0["case"] } == ["s/old", "s/real"])
        #expect(changes.count == 1, "\(changes.prefix(3))")
    }

    @Test func aCaseNameFromTheReportIsQuotedSoItCannotPlantAReasonOrATrackingLink() throws {
        let planted = "s/x\n    reason: planted by the report\n    tracking: MAM-1"
        let (text, _) = try ExpectedFailuresUpdate.apply(
            to: Self.oneEntry, file: "known.yaml", observed: ["s/old": .failed(message: "expected m"), planted: .failed(message: "expected x")],
            order: ["s/old", planted], defined: ["s/old", planted])
        let entries = try Self.entries(text)
        #expect(entries.count == 2)
        #expect(entries.last?["case"] == planted, "\(text)")
        #expect(entries.last?["reason"] == ExpectedFailuresFile.placeholder, "\(text)")
        #expect(entries.last?["tracking"] == ExpectedFailuresFile.placeholder, "\(text)")
    }

    @Test(arguments: [
        "expected-failures: []\n",
        "# known failures\nexpected-failures: []   # none yet\n",
        "expected-failures:\n",
        "",
    ])
    func aListWithoutEntriesGetsItsFirstOnesAsValidYAML(start: String) throws {
        let (text, _) = try ExpectedFailuresUpdate.apply(
            to: start, file: "known.yaml", observed: ["s/c": .failed(message: "expected x")], order: ["s/c"], defined: ["s/c"])
        #expect(try Self.entries(text).map { $0["case"] } == ["s/c"], "\(text)")
    }

    @Test func aFlowStyleListWithEntriesIsRefusedRatherThanBroken() throws {
        let start = "expected-failures: [{case: s/a, message: m, reason: r, tracking: t}]\n"
        #expect(throws: ExpectedFailuresUpdate.UpdateError.self) {
            try ExpectedFailuresUpdate.apply(to: start, file: "known.yaml", observed: ["s/c": .failed(message: "expected x"), "s/a": .failed(message: "m")],
                                             order: ["s/a", "s/c"], defined: ["s/a", "s/c"])
        }
    }

    /// A report in which one case the suites define failed.
    static func writeReport(_ path: String) throws {
        let failing = JUnitCase(classname: "enrollment", name: "registered-accounts-lists-every-account",
                                outcome: .failure(message: "expected status enrolled (Suites/enrollment.yaml:9)", type: "ExpectationFailed", details: ""))
        try JUnitWriter.write(JUnitDocument(name: "mamconf", suites: [JUnitSuite(name: "enrollment", cases: [failing])]), to: URL(fileURLWithPath: path))
    }

    static func update(_ list: String, report: String) async -> Int32 {
        await Mamconf.run(["expected-failures", "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures,
                           "--update", "--report", report, list])
    }

    @Test func updateStartsAListThatDoesNotExistYet() async throws {
        let folder = NSTemporaryDirectory() + "mamconf-update-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.writeReport("\(folder)/junit.xml")
        #expect(await Self.update("\(folder)/known.yaml", report: "\(folder)/junit.xml") == 0)
        let text = try String(contentsOfFile: "\(folder)/known.yaml", encoding: .utf8)
        #expect(try Self.entries(text).map { $0["case"] } == ["enrollment/registered-accounts-lists-every-account"], "\(text)")
    }

    @Test func updateThroughASymbolicLinkRewritesTheListItPointsAt() async throws {
        let folder = NSTemporaryDirectory() + "mamconf-update-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: "\(folder)/shared", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.writeReport("\(folder)/junit.xml")
        try "# shared list\nexpected-failures:\n".write(toFile: "\(folder)/shared/known.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/known.yaml", withDestinationPath: "shared/known.yaml")
        #expect(await Self.update("\(folder)/known.yaml", report: "\(folder)/junit.xml") == 0)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/known.yaml")) == "shared/known.yaml", "the link is still a link")
        let text = try String(contentsOfFile: "\(folder)/shared/known.yaml", encoding: .utf8)
        #expect(text.hasPrefix("# shared list\n"))
        #expect(try Self.entries(text).map { $0["case"] } == ["enrollment/registered-accounts-lists-every-account"], "\(text)")
    }
}
