import AdapterProtocol
import ConformanceCore
import Foundation
import SuiteLoader
import Testing

/// A requirement holds only for the SDK versions that have the behaviour: a case citing it is skipped, with
/// the reason, for an integration reporting another version, and `sdkCall` patterns accept that version's names.
@Suite struct SDKVersionTests {
    static func suites() throws -> [Suite] { try EndToEnd.loadSuites() }

    @Test func theCatalogCarriesVersionRangesIntoTheCasesThatCiteThem() throws {
        let (catalog, errors) = RequirementCatalog.load(path: "\(Repository.suites)/requirements.yaml")
        #expect(errors.isEmpty)
        #expect(catalog?.entry("POL-03")?.sdk == SDKVersionRange(from: SDKVersion(12, 3, 1)))
        let citing = try Self.suites().flatMap(\.cases).filter { $0.requirements.contains("POL-03") }
        #expect(!citing.isEmpty)
        for testCase in citing { #expect(testCase.sdkVersions.map(\.requirement) == ["POL-03"]) }
    }

    @Test func aCaseOutsideTheIntegrationsVersionIsSkippedWithTheReason() throws {
        let testCase = try #require(try Self.suites().flatMap(\.cases).first { $0.requirements.contains("POL-03") })
        let old = IntegrationInfo(name: "x", version: "1", sdkName: "Intune", sdkVersion: "12.2.0", capabilities: Set(Capability.allCases.map(\.rawValue)))
        #expect(old.skipReason(for: testCase) == "POL-03 applies to SDK 12.3.1 and later; the integration reports SDK 12.2.0")
        let current = IntegrationInfo(name: "x", version: "1", sdkName: "Intune", sdkVersion: "21.7.1", capabilities: Set(Capability.allCases.map(\.rawValue)))
        #expect(current.skipReason(for: testCase) == nil)
        let unknown = IntegrationInfo(name: "x", version: "1", sdkName: "Intune", sdkVersion: "unknown", capabilities: Set(Capability.allCases.map(\.rawValue)))
        #expect(unknown.skipReason(for: testCase) == nil, "an unparsable version runs everything")
    }

    @Test(arguments: [("15.4.0", "registerAndEnrollAccount", true), ("15.4.0", "registerAndEnrollAccountId", false),
                      ("18.2.0", "registerAndEnrollAccount", true), ("18.2.0", "registerAndEnrollAccountId", true),
                      ("21.7.1", "registerAndEnrollAccount", false), ("21.7.1", "registerAndEnrollAccountId", true)])
    func sdkCallPatternsAcceptTheNameTheReportedVersionHas(version: String, reported: String, matches: Bool) {
        let event = ObservedEvent(sequence: 1, method: EventMethod.sdkCall.rawValue, params: ["api": .string(reported), "accountId": "a"], elapsed: 0)
        let pattern = EventPattern(selector: .sdkCall(.registerAndEnrollAccountId), fields: ["accountId": "A"])
        #expect(Matcher.matches(pattern, event, sdkVersion: SDKVersion(version)) == matches)
    }

    @Test func aMalformedRangeIsACatalogError() throws {
        let file = NSTemporaryDirectory() + "mamconf-catalog-\(UUID().uuidString).yaml"
        try """
            requirements:
              - {id: ABC-01, text: x, sdk: {from: 20.0, before: 16.0}}
              - {id: ABC-02, text: y, sdk: {from: soon}}
            """.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let (catalog, errors) = RequirementCatalog.load(path: file)
        #expect(catalog == nil)
        #expect(errors.map(\.message).contains("sdk: 'from' must come before 'before'"))
        #expect(errors.contains { $0.message.hasPrefix("from must be an SDK version") })
    }
}
