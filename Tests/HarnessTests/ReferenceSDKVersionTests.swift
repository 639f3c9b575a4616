import AdapterProtocol
import ConformanceCore
import Foundation
import TestSupport
import Testing

/// The reference behaves as the SDK version it is told to be (`mamconf-reference --sdk-version`), and the suites
/// judge each version by its own rules: every suite passes on 15.4, 18.2 and 21.7.1 with exactly the cases of other
/// versions skipped.
@Suite(.serialized) struct ReferenceSDKVersionTests {
    static let with227 = "identity-switch/second-account-of-the-organisation-is-not-allowed"
    static let before227 = "identity-switch/second-account-of-the-organisation-stays-unmanaged-before-17-5"

    /// The cases an integration on `version` skips: the 227 case before 17.5.0, its older twin from 17.5.0.
    static func skipped(on version: String) -> Set<String> {
        guard let parsed = SDKVersion(version) else { return [] }
        return parsed < SDKVersion(17, 5, 0) ? [with227] : [before227]
    }

    /// Every suite on 15.4, which differs most from 21.7.1 (UPN-era names, no 227); on 18.2, which differs from 21.7.1
    /// only in the 227 cases' skips and the names it may report, the suites where those show.
    @Test(arguments: [("15.4", nil), ("18.2", ["identity-switch", "first-policy-application", "deregister-with-wipe"])])
    func theReferenceOnAnOlderSDKPassesWithOnlyOtherVersionsCasesSkipped(version: String, suiteIDs: [String]?) async throws {
        let run = try await EndToEnd.run(EndToEnd.loadSuites(suiteIDs: suiteIDs), arguments: ["--sdk-version", version], jobs: 2)
        #expect(run.result.integration?.sdkVersion == version)
        #expect(run.result.abortReason == nil)
        for testCase in run.result.allCases {
            let key = "\(testCase.suiteId)/\(testCase.caseId)"
            let expected = Self.skipped(on: version).contains(key) ? "skipped" : "passed"
            #expect(testCase.outcome.label == expected, "\(key) on SDK \(version): \(testCase.outcome)")
        }
    }

    @Test func beforeSixteenTheAppReportsTheUPNEraNamesAndFromSixteenTheAccountIdNames() async throws {
        let suites = try EndToEnd.loadSuites(suiteIDs: ["identity-switch"], caseIDs: ["sdk-asks-the-app-to-switch"])
        for (version, name) in [("15.4", "registerAndEnrollAccount"), ("18.2", "registerAndEnrollAccountId")] {
            let run = try await EndToEnd.run(suites, arguments: ["--sdk-version", version])
            let testCase = try #require(run.result.allCases.first)
            #expect(testCase.outcome.label == "passed", "\(version): \(testCase.outcome)")
            let calls = testCase.transcript.filter { $0.contains("sdk call") }
            #expect(calls.contains { $0.contains("\"api\":\"\(name)\"") }, "\(version): \(calls)")
        }
    }

    @Test func aMutantOfAVersionSpecificBehaviourExistsOnlyOnTheVersionsThatHaveItAndIsCaughtThere() async throws {
        let reference = try EndToEnd.referenceExecutable()
        let name = "single-managed-account-status-before-it-existed"
        #expect(try await EndToEnd.runProcess([reference, "--sdk-version", "15.4", "--list-mutants"]).contains(name + "\t"))
        #expect(try await !EndToEnd.runProcess([reference, "--list-mutants"]).contains(name + "\t"))
        let refused = try await runCommand([reference, "--mutant", name], mergingStandardError: true)
        #expect(refused.status == 2)
        #expect(refused.output.contains("does not exist on SDK 21.7.1"), "\(refused.output)")

        let suites = try EndToEnd.loadSuites(suiteIDs: ["identity-switch"], caseIDs: ["second-account-of-the-organisation-stays-unmanaged-before-17-5"])
        let run = try await EndToEnd.run(suites, arguments: ["--sdk-version", "15.4", "--mutant", name])
        let outcome = try #require(run.result.allCases.first?.outcome)
        guard case .failed(let failure) = outcome else {
            Issue.record("the mutant must fail the case, got \(outcome)")
            return
        }
        #expect(failure.message.contains("expected no status single-managed-account"), "\(failure.message)")
    }

    @Test(arguments: ["15", "abc", "1..2", ""])
    func aVersionThatIsNotDottedNumbersIsRefused(text: String) async throws {
        let result = try await runCommand([try EndToEnd.referenceExecutable(), "--sdk-version", text, "--list-mutants"], mergingStandardError: true)
        #expect(result.status == (text == "15" ? 0 : 2), "\(result.output)")
    }
}
