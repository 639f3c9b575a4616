import AdapterProtocol
import ConformanceCore
import Foundation
import SuiteLoader
import Testing

/// A case demands only what a cited source states (docs/conformance-decisions.md): every item of the decision
/// table is decided with a source and names cases that exist, the SDK ranges it lists are the ones the suites
/// carry, the reference's own log lines are probed only outside the default run, and a case for an API later than
/// the integration's SDK is skipped before it can err.
@Suite struct ConformanceDecisionTests {
    static let page = "\(Repository.root)/docs/conformance-decisions.md"
    static let referenceOnly = "\(Repository.suites)/reference-only"

    /// The rows of the table under `heading` (up to the next heading), each as its cells.
    static func rows(under heading: String) throws -> [[String]] {
        let text = try String(contentsOfFile: page, encoding: .utf8)
        let start = try #require(text.range(of: "## \(heading)\n"), "no section \(heading)")
        let rest = text[start.upperBound...]
        let body = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
        return body.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| item") && !$0.hasPrefix("| requirement") }
            .map { line in line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    /// `suite/case` names quoted in a cell.
    static func caseNames(in cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }.filter { $0.contains("/") }
    }

    static func loadAll() throws -> [Suite] {
        let (catalog, catalogErrors) = RequirementCatalog.load(path: "\(Repository.suites)/requirements.yaml")
        try #require(catalogErrors.isEmpty, "\(catalogErrors)")
        let files = SuiteLoader.suiteFiles(in: Repository.suites) + SuiteLoader.suiteFiles(in: referenceOnly)
        let loaded = SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: catalog).load(paths: files)
        try #require(loaded.errors.isEmpty, "\(loaded.errors)")
        return loaded.suites
    }

    @Test func everyItemOfIssue25IsDecidedWithASourceAndNamesCasesThatExist() throws {
        let rows = try Self.rows(under: "The decisions")
        let items = rows.map { $0[0] }
        #expect(items == (1...23).map(String.init) + ["UPN hint", "unchanged check-in", "PIN retries"], "\(items)")
        let cases = Set(try Self.loadAll().flatMap { suite in suite.cases.map { "\(suite.id)/\($0.id)" } })
        for row in rows {
            #expect(row.count == 4, "item \(row[0]): \(row)")
            guard row.count == 4 else { continue }
            #expect(row[1].hasPrefix("(a)") || row[1].hasPrefix("(b)") || row[1].hasPrefix("ruled"), "item \(row[0]) is not decided: \(row[1])")
            #expect(!row[2].isEmpty, "item \(row[0]) cites no source")
            let named = Self.caseNames(in: row[3])
            #expect(!named.isEmpty, "item \(row[0]) names no case")
            for name in named { #expect(cases.contains(name), "item \(row[0]) names \(name), which is no case") }
        }
    }

    @Test func theSDKRangesTableListsExactlyTheRangesTheSuitesCarry() throws {
        let catalog = try #require(RequirementCatalog.load(path: "\(Repository.suites)/requirements.yaml").0)
        let suites = try Self.loadAll()
        var carried: [String: String] = [:]
        for entry in catalog.entries { if let range = entry.sdk { carried[entry.id] = Self.words(range) } }
        for suite in suites {
            for testCase in suite.cases {
                for versions in testCase.sdkVersions where versions.requirement == "the case" {
                    carried["\(suite.id)/\(testCase.id)"] = Self.words(versions.range)
                }
            }
        }
        var documented: [String: String] = [:]
        for row in try Self.rows(under: "SDK ranges") {
            for name in Self.subjects(row[0]) { documented[name] = row[1] }
        }
        #expect(documented == carried)
    }

    /// "from 15.4.0", "15.4.0 to 17.5.0", "before 17.5.0": how the table writes a range.
    static func words(_ range: SDKVersionRange) -> String {
        switch (range.from, range.before) {
        case let (from?, before?): return "\(from) to \(before)"
        case let (from?, nil): return "from \(from)"
        case let (nil, before?): return "before \(before)"
        case (nil, nil): return "every version"
        }
    }

    /// The requirements and cases a row of the ranges table speaks of: `CFG-01 … CFG-05` expands to the IDs between.
    static func subjects(_ cell: String) -> [String] {
        let cases = caseNames(in: cell)
        if !cases.isEmpty { return cases }
        let parts = cell.components(separatedBy: " … ")
        if parts.count == 2, let first = parts[0].split(separator: "-").last.flatMap({ Int($0) }),
           let last = parts[1].split(separator: "-").last.flatMap({ Int($0) }) {
            let prefix = parts[0].split(separator: "-")[0]
            return (first...last).map { String(format: "%@-%02d", String(prefix), $0) }
        }
        return cell.components(separatedBy: ", ")
    }

    @Test func noDefaultSuiteDemandsALogLine() throws {
        // No source says what an SDK logs (item 1): a default case may only demand that a listed value is absent.
        let (catalog, _) = RequirementCatalog.load(path: "\(Repository.suites)/requirements.yaml")
        let suites = SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: catalog)
            .load(paths: SuiteLoader.suiteFiles(in: Repository.suites)).suites
        for suite in suites {
            for testCase in suite.cases {
                for step in testCase.steps {
                    var patterns: [EventPattern] = []
                    if case .expect(let pattern, _) = step.kind { patterns = [pattern] }
                    if case .expectOrder(let stages) = step.kind { patterns = Array(stages.joined()) }
                    for pattern in patterns {
                        if case .log = pattern.selector { Issue.record("\(step.location) demands a log line: \(pattern)") }
                    }
                }
            }
        }
    }

    @Test func theReferenceOnlyProbesAreLeftOutOfTheDefaultRunAndPassAgainstTheReference() async throws {
        let probes = SuiteLoader.suiteFiles(in: Self.referenceOnly)
        #expect(!probes.isEmpty)
        #expect(SuitePaths.expand([Repository.suites]).files.allSatisfy { !$0.contains("/reference-only/") })
        let suites = try Self.loadAll().filter { suite in probes.contains { $0.hasSuffix("/\(suite.id).yaml") } }
        let run = try await EndToEnd.run(suites)
        #expect(run.result.allCases.count == 2)
        #expect(run.result.allCases.allSatisfy { $0.outcome.label == "passed" }, "\(run.result.allCases.map(\.outcome))")
    }

    @Test func aCaseForAnAPILaterThanTheIntegrationsSDKIsSkippedWhateverItAnswers() async throws {
        // An SDK from before 15.4.0 has no run-time scrub list: its integration answers -32601, and the case is not
        // judged on it.
        var integration = ScriptedIntegration { method, _, _ throws(AdapterFault) in
            if method == RunnerMethod.sdkSetValuesToScrub.rawValue {
                throw .rejected(method: method, error: RPCError(.methodNotFound, "no valuesToScrubFromLogging in this SDK"))
            }
            return [:]
        }
        integration.sdkVersion = "14.2.0"
        let result = try await RunnerLogicTests.run(
            RunnerLogicTests.yamlCase(requirements: "CFG-07", "do: app.launch", "do: sdk.setValuesToScrub\nwith: {values: [secret]}"),
            integration: integration)
        #expect(RunnerLogicTests.outcomes(result) == ["skipped"])
        guard case .skipped(let reason, let kind)? = result.allCases.first?.outcome else { return }
        #expect(kind == .otherSDKVersion, "a case for a later API does not apply to the integration at all")
        #expect(reason == "CFG-07 applies to SDK 15.4.0 and later; the integration reports SDK 14.2.0", "\(reason)")
        #expect(!integration.requests.all.contains(RunnerMethod.sdkSetValuesToScrub.rawValue), "the skip comes before the case runs")
    }
}
