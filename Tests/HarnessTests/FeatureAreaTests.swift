import AdapterProtocol
import ConformanceCore
import Foundation
import MamconfCLI
import Testing

/// An integration that offers only some feature areas is judged on those alone: cases of the others are
/// skipped with the reason, never failed, errored or left "not run". (A protocol-0 integration, which declares
/// none of them and answers `-32002` or `-32601` instead: ``Protocol0Tests``.)
@Suite(.serialized) struct FeatureAreaTests {
    /// Every feature area but enrollment, restart and wipe (and the clock and prompts they need).
    static let missing: [Capability] = Capability.allCases.filter { !Capability.protocol0.contains($0) }
    static var disabling: [String] { missing.flatMap { ["--disable-capability", $0.rawValue] } }

    @Test func anIntegrationDeclaringFewerAreasGetsTheOthersSkippedUpFront() async throws {
        let suites = try EndToEnd.loadSuites()
        let run = try await EndToEnd.run(suites, arguments: Self.disabling)
        var skipped = 0
        for suite in suites {
            for testCase in suite.cases {
                let result = try #require(run.result.allCases.first { $0.suiteId == suite.id && $0.caseId == testCase.id })
                let needsMissing = !testCase.capabilities.isDisjoint(with: Self.missing)
                if needsMissing {
                    guard case .skipped(let reason, _) = result.outcome else {
                        Issue.record("\(suite.id)/\(testCase.id) needs a missing area but was \(result.outcome.label)")
                        continue
                    }
                    #expect(reason.hasPrefix("integration lacks capability"), "\(reason)")
                    #expect(Self.missing.contains { reason.contains($0.rawValue) }, "\(reason)")
                    skipped += 1
                } else {
                    #expect(result.outcome.label == "passed", "\(suite.id)/\(testCase.id): \(result.outcome)")
                }
            }
        }
        #expect(skipped >= 20, "most identity, allowed-accounts, config and policy cases need a missing area")
        #expect(run.result.infrastructureProblems.isEmpty, "\(run.result.infrastructureProblems)")
    }

    @Test func theCommandLineExitsZeroWhenEverythingPassedOrWasSkipped() async throws {
        let reference = try EndToEnd.referenceExecutable()
        let report = NSTemporaryDirectory() + "mamconf-areas-\(UUID().uuidString).xml"
        defer { try? FileManager.default.removeItem(atPath: report) }
        let code = await Mamconf.run([
            "run", "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures, "--suite", "targeted-config",
            "--junit", report, "--adapter", ([reference] + Self.disabling).joined(separator: " "),
        ])
        #expect(code == 0)
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.contains("<skipped"), "skips are reported")
        #expect(!xml.contains("not run"))
    }
}
