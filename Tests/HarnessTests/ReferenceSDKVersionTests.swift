import AdapterProtocol
import ConformanceCore
import Foundation
import SuiteLoader
import TestSupport
import Testing

/// The reference behaves as the SDK version it is told to be (`mamconf-reference --sdk-version`), and the suites
/// judge each version by its own rules: every suite passes on 15.4, 18.2 and 21.7.1 with exactly the cases of other
/// versions skipped.
@Suite(.serialized) struct ReferenceSDKVersionTests {
    static let with227 = "identity-switch/second-account-of-the-organisation-is-not-allowed"
    static let before227 = "identity-switch/second-account-of-the-organisation-stays-unmanaged-before-17-5"
    /// ENR-17: the `…AccountId` calls take the Entra object ID from 17.5.0; before, the UPN (header 15.4.0:65).
    static let objectIdArguments = "enrollment/account-id-arguments-are-the-object-id"
    /// CA-01: `remediateComplianceForAccountId` takes the object ID from 17.5.0; before, the UPN (header 15.4.0:67).
    static let remediation = "conditional-access/remediation-then-token"
    /// MDM-03 and IDN-01 name the account by its object ID, which the SDK does from 17.5.0 (header 17.5.0:216-223, 82).
    static let mdmEnrolledAccount = "mdm-managed-devices/sdk-names-the-devices-user-and-calls-back"
    static let upnChange = "enrollment/renamed-account-keeps-its-enrollment-policy-and-data"
    /// EXT-04: `protectFileProviderItem:forAccountId:` is first in the 18.2.0 header (18.2.0:67-71).
    static let replicatedItems = "file-provider/replicated-items-protected-with-their-owner"

    /// The cases an integration on `version` skips: the 227 case and the object-ID cases (arguments, the remediation,
    /// the MDM-enrolled user, a UPN change) before 17.5.0, the 227 case's older twin from 17.5.0, and the replicated
    /// file provider's items before 18.2.0.
    static func skipped(on version: String) -> Set<String> {
        guard let parsed = SDKVersion(version) else { return [] }
        let byObjectId: Set<String> = parsed < SDKVersion(17, 5, 0)
            ? [with227, objectIdArguments, remediation, mdmEnrolledAccount, upnChange] : [before227]
        return parsed < SDKVersion(18, 2, 0) ? byObjectId.union([replicatedItems]) : byObjectId
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

    /// Two behaviours the editions date, each probed by a case that cites no ranged requirement, so it runs on
    /// every version: the share sheet filtered from 8.0.2 (001:464), configuration values scrubbed from 15.4.0
    /// (002:213, the 15.4.0 header).
    static let editionProbes = """
        suite: edition-probes
        title: what an SDK version does
        defaults: {tenant: contoso, policies: [restricted-locations]}
        cases:
          - id: share-sheet
            title: the share sheet for managed data
            requirements: [ENR-01]
            settings: {OpenInActionExtension: true}
            steps:
              - answer: delegate.restartApplication
                with: {return: true}
              - do: app.launch
              - do: app.signIn
                with: {user: alice}
              - expect: {app: restarted}
              - do: app.writeData
                with: {accountId: $alice, name: report.txt, content: "Q3"}
              - do: app.share
                with: {name: report.txt}
                result: {targets: [com.microsoft.Office.Outlook, com.microsoft.Office.Word, com.microsoft.skype.teams]}
          - id: scrubbed-value
            title: a value listed in ValuesToScrubFromLogging
            requirements: [ENR-01]
            settings: {ValuesToScrubFromLogging: [Orion-Codes]}
            steps:
              - answer: delegate.restartApplication
                with: {return: true}
              - backend: {app_config: team-a, settings: {ProjectName: Orion-Codes}, assign_to: [mam-users]}
              - do: app.launch
              - do: app.signIn
                with: {user: alice}
              - expect: {status: policy-new, accountId: $alice}
              - expect_no: {log: Orion-Codes}
        """

    @Test(arguments: [("8.0.1", ["failed", "failed"]), ("8.0.2", ["passed", "failed"]), ("15.3.9", ["passed", "failed"]), ("15.4", ["passed", "passed"])])
    func theReferenceFiltersTheShareSheetFrom802AndScrubsConfigurationValuesFrom154(version: String, outcomes: [String]) async throws {
        let folder = NSTemporaryDirectory() + "mamconf-editions-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.editionProbes.write(toFile: "\(folder)/probes.yaml", atomically: true, encoding: .utf8)
        let (catalog, _) = RequirementCatalog.load(path: "\(Repository.suites)/requirements.yaml")
        let loaded = SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: catalog).load(paths: ["\(folder)/probes.yaml"])
        try #require(loaded.errors.isEmpty, "\(loaded.errors)")
        let run = try await EndToEnd.run(loaded.suites, arguments: ["--sdk-version", version], jobs: 2)
        #expect(run.result.allCases.map(\.outcome.label) == outcomes, "SDK \(version): \(run.result.allCases.map(\.outcome))")
    }

    @Test(arguments: ["15", "abc", "1..2", ""])
    func aVersionThatIsNotDottedNumbersIsRefused(text: String) async throws {
        let result = try await runCommand([try EndToEnd.referenceExecutable(), "--sdk-version", text, "--list-mutants"], mergingStandardError: true)
        #expect(result.status == (text == "15" ? 0 : 2), "\(result.output)")
    }
}
