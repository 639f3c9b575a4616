import ConformanceCore
import Foundation
import SuiteLoader
import Testing

/// A tenant fixture carries app-protection Conditional Access per user (`protectionPolicyRequired`, CA-01…CA-03) to the
/// mock, which arranges it; a bad value is an error at its line like any other.
@Suite struct ConditionalAccessFixtureTests {
    @Test("the conditional-access tenant puts alice, and only alice, under Conditional Access")
    func fixtureCarriesTheFlag() throws {
        let suites = try EndToEnd.loadSuites(suiteIDs: ["conditional-access"])
        let tenant = try #require(suites.first?.cases.first?.tenant)
        let flagged = tenant.users.filter(\.protectionPolicyRequired).map(\.alias)
        #expect(flagged == ["alice"])
    }

    @Test("a user without the key is not under Conditional Access")
    func defaultIsOff() throws {
        let suites = try EndToEnd.loadSuites(suiteIDs: ["enrollment"])
        let tenant = try #require(suites.first?.cases.first?.tenant)
        #expect(!tenant.users.isEmpty && tenant.users.allSatisfy { !$0.protectionPolicyRequired })
    }
}
