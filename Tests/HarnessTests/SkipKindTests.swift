import ConformanceCore
import Foundation
@testable import MamconfCLI
@testable import RunReporters
import Testing

/// A skip is judged by why: a case written for other SDK versions does not apply to the integration and never
/// fails a gate that refuses skips; a capability the integration or the backend lacks, or a known failure, does.
@Suite struct SkipKindTests {
    static func result(_ id: String, _ outcome: CaseOutcome) -> CaseResult {
        CaseResult(suiteId: "s", caseId: id, title: "", requirements: [], location: SourceLocation(file: "Suites/s.yaml", line: 3, column: 5),
                   outcome: outcome, duration: .zero, transcript: [])
    }

    @Test func failOnSkipPassesTheCleanReferenceThatSkipsTheCaseOfOtherSDKVersions() async throws {
        let report = NSTemporaryDirectory() + "mamconf-skip-kind-\(UUID().uuidString).xml"
        defer { try? FileManager.default.removeItem(atPath: report) }
        let code = await Mamconf.run([
            "run", "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures, "--junit", report, "--fail-on-skip",
            "--case", ReferenceSDKVersionTests.with227, "--case", ReferenceSDKVersionTests.before227,
        ])
        #expect(code == 0, "one of the pair is always outside the integration's SDK range")
    }

    @Test(arguments: [
        (SkipKind.otherSDKVersion, false, "SKIP  s/c (not for this SDK): why"),
        (SkipKind.integrationCapability, true, "SKIP  s/c (integration lacks a capability): why"),
        (SkipKind.backendCapability, true, "SKIP  s/c (backend lacks a capability): why"),
        (SkipKind.expectedFailure, true, "SKIP  s/c (expected failure): why"),
    ])
    func theConsoleSaysWhichKindEachSkipIsAndOnlyOtherSDKVersionsDoNotCountAgainstTheGate(kind: SkipKind, counts: Bool, line: String) async throws {
        #expect(kind.countsAgainstFailOnSkip == counts)
        let lines = try await ConsoleReporterTests.run([Self.result("c", .skipped(reason: "why", kind: kind))])
        #expect(lines.contains(line), "\(lines)")
        let result = RunResult(suites: [SuiteResult(suiteId: "s", title: "", requirements: [], started: Date(), duration: .zero,
                                                    cases: [Self.result("c", .skipped(reason: "why", kind: kind))])],
                               integration: nil, backend: "mock", harnessVersion: "test")
        #expect(result.counts.skipped == 1)
        #expect(result.counts.skippedAgainstGate == (counts ? 1 : 0))
    }

    @Test func aCaseOutsideTheIntegrationsSDKRangeIsSkippedAsOtherSDKVersionAndAMissingCapabilityAsSuch() async throws {
        let older = RunnerLogicTests.yamlCase(id: "older", requirements: "ALW-02", "do: app.launch")
            .replacingOccurrences(of: "    steps:", with: "    sdk: {before: 17.5.0}\n    steps:")
        let clipboard = RunnerLogicTests.yamlCase(id: "clip", requirements: "ALW-02", "do: device.copy\nwith: {text: t, managedApp: false}")
        var integration = ScriptedIntegration()
        integration.capabilities.remove(.clipboard)
        let result = try await RunnerLogicTests.run(older + "\n" + clipboard, integration: integration)
        let kinds = result.allCases.map { testCase -> SkipKind? in
            if case .skipped(_, let kind) = testCase.outcome { return kind }
            return nil
        }
        #expect(kinds == [.otherSDKVersion, .integrationCapability], "\(result.allCases.map(\.outcome))")
    }
}
