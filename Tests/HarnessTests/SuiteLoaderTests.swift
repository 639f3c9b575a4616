@testable import ConformanceCore
import Foundation
import SuiteLoader
import Testing

@Suite struct SuiteLoaderTests {
    private func loader() -> SuiteLoader {
        let (catalog, errors) = RequirementCatalog.load(path: "\(Repository.suites)/requirements.yaml")
        #expect(errors.isEmpty, "catalog errors: \(errors)")
        return SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: catalog)
    }

    @Test func bundledSuitesLoadWithoutErrors() {
        let result = loader().load(paths: SuiteLoader.suiteFiles(in: Repository.suites))
        #expect(result.errors.isEmpty, "\(result.errors)")
        let suite = result.suites.first { $0.id == "first-policy-application" }
        #expect((suite?.cases.count ?? 0) >= 8)
    }

    @Test func everyErrorOfABrokenSuiteIsReportedAtItsExactPosition() throws {
        let path = "\(Repository.testData)/broken-suite.yaml"
        let result = loader().load(paths: [path])
        let found = result.errors.map { "\($0.location.line):\($0.location.column) \($0.message)" }
        let expected: [(Int, Int, String)] = [
            (3, 24, "unknown requirement id 'XYZ-99'"),
            (6, 13, "missing policy fixture file"),
            (11, 5, "unknown key 'colour' in a case"),
            (13, 13, "unknown action 'app.fly'"),
            (14, 26, "unknown status 'enroled'"),
            (15, 44, "unknown user alias 'mallory'"),
            (16, 9, "unknown step kind 'jump'"),
            (19, 17, "within must be a duration"),
            (20, 9, "duplicate case id 'one'"),
            (24, 24, "advance_clock must be a duration"),
        ]
        #expect(result.errors.count == expected.count, "\(found.joined(separator: "\n"))")
        for (line, column, prefix) in expected {
            #expect(result.errors.contains { $0.location.line == line && $0.location.column == column && $0.message.hasPrefix(prefix) },
                    "missing \(line):\(column) \(prefix) in:\n\(found.joined(separator: "\n"))")
        }
        #expect(result.errors.allSatisfy { $0.location.file == path })
        #expect(result.errors.first?.description.hasPrefix("\(path):3:24: ") == true)
    }

    @Test func yamlSyntaxErrorsNameLineAndColumn() throws {
        let path = NSTemporaryDirectory() + "mamconf-syntax-\(getpid()).yaml"
        try "suite: x\n  title: [unclosed\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = loader().load(paths: [path])
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.location.line == 2)
        #expect(result.errors.first?.message.hasPrefix("YAML syntax error") == true)
    }

    @Test func aliasesResolveToFixtureValuesAndCapabilitiesAreImplied() throws {
        let result = loader().load(paths: ["\(Repository.suites)/first-policy-application.yaml"])
        let suite = try #require(result.suites.first)
        let checkIn = try #require(suite.cases.first { $0.id == "eight-hour-check-in-brings-no-second-restart" })
        #expect(checkIn.capabilities.contains(.virtualClock))
        let signIn = checkIn.steps.compactMap { step -> String? in
            if case .action(.appSignIn, let params, _) = step.kind { return params["upn"]?.stringValue }
            return nil
        }
        #expect(signIn == ["alice@contoso.example"])
    }

    // issue 27: a question member that came after its question needs that member's capability (WIP-05's mainThread).
    @Test func aQuestionPatternNamingMainThreadNeedsTheDelegateThreadCapability() throws {
        let result = loader().load(paths: ["\(Repository.suites)/deregister-with-wipe.yaml"])
        let suite = try #require(result.suites.first)
        let thread = try #require(suite.cases.first { $0.id == "wipe-callback-comes-from-a-background-thread" })
        let once = try #require(suite.cases.first { $0.id == "wipe-callback-once-for-that-account-only" })
        #expect(thread.capabilities.contains(.delegateThread))
        #expect(!once.capabilities.contains(.delegateThread), "a wipe question pattern without mainThread needs nothing more")
    }
}

@Suite struct SuiteSecretsTests {
    @Test func suitesCanMarkValuesSecretAndScriptedPINsAreSecret() throws {
        let directory = NSTemporaryDirectory() + "mamconf-secrets-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/s.yaml"
        try """
            suite: s
            title: secrets
            secrets: ["license-key-123456", $alice.password]
            defaults: {tenant: contoso}
            cases:
              - id: c
                title: c
                requirements: [RST-04]
                steps:
                  - answer: ui.pinSetup
                    with: {pin: "918273"}
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let result = SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: nil).load(paths: [path])
        #expect(result.errors.isEmpty, "\(result.errors)")
        let suite = try #require(result.suites.first)
        #expect(suite.secrets == ["license-key-123456", "Alice-Harness-Pass-7731"])
        #expect(Runner.scriptedSecrets(suite.cases[0]) == ["918273"])
    }
}
