import Foundation
import JUnitXML
import Testing

@Suite("JUnit rerun attempts")
struct JUnitAttemptTests {
    private func cases(_ xml: Data) throws -> [XMLElement] {
        let root = try #require(XMLElement.parse(xml))
        return root.children(named: "testsuite").flatMap { $0.children(named: "testcase") }
    }

    @Test func aFlakyPassIsWrittenAsFlakyElementsInSurefiresOrderAndCountedAsAFlake() throws {
        let document = JUnitFixtures.everyKind()
        #expect(document.suites[0].flakes == 1)
        #expect(document.flakes == 1)
        let xml = try JUnitWriter.render(document)
        let flaky = try cases(xml)[4]
        #expect(flaky.children.map(\.name) == ["flakyFailure", "flakyError", "system-out"])
        let first = flaky.children[0]
        #expect(first.attributes["message"] == "first try timed out")
        #expect(first.attributes["type"] == "ExpectationFailed")
        #expect(first.children.map(\.name) == ["stackTrace", "system-out", "system-err"])
        #expect(first.child("stackTrace")?.text == "trace 1")
        #expect(first.child("system-err")?.text == "try 1 err")
        #expect(flaky.children[1].children.map(\.name) == ["stackTrace"], "no output elements when the attempt had none")

        let suites = try #require(XMLElement.parse(xml)).children(named: "testsuite")
        #expect(suites[0].attributes["flakes"] == "1")
        #expect(suites[0].attributes["tests"] == "6", "reruns are not extra tests")
        #expect(suites[1].attributes["flakes"] == nil, "written only when not zero")
    }

    @Test func aCaseThatNeverPassedHasRerunElementsAfterItsResult() throws {
        let all = try cases(try JUnitWriter.render(JUnitFixtures.everyKind()))
        #expect(all[5].children.map(\.name) == ["failure", "rerunFailure"])
        #expect(all[5].child("rerunFailure")?.children.map(\.name) == ["stackTrace", "system-err"])
        #expect(all[6].children.map(\.name) == ["error", "rerunError"])
    }

    @Test func failureAttemptsPrecedeErrorAttemptsAsTheSchemaOrders() throws {
        let testCase = JUnitCase(classname: "c", name: "n", outcome: .failure(message: "m", type: "t", details: "d"), systemOut: "o",
                                 attempts: [JUnitAttempt(kind: .error, message: "e1", type: "t", details: "d"),
                                            JUnitAttempt(kind: .failure, message: "f1", type: "t", details: "d"),
                                            JUnitAttempt(kind: .error, message: "e2", type: "t", details: "d")])
        let xml = try JUnitWriter.render(JUnitDocument(name: "d", suites: [JUnitSuite(name: "s", cases: [testCase])]))
        let written = try cases(xml)[0]
        #expect(written.children.map(\.name) == ["failure", "rerunFailure", "rerunError", "rerunError", "system-out"])
        #expect(written.children.compactMap { $0.attributes["message"] } == ["m", "f1", "e1", "e2"])
        #expect(try SchemaFixtures.surefire().validateEachSuite(xml) == [])
    }

    @Test func aReportWithAttemptsIsValidAgainstSurefireAndJunit10ExceptForTheFlakesAttribute() throws {
        let xml = try JUnitWriter.render(JUnitFixtures.everyKind())
        #expect(try SchemaFixtures.surefire().validateEachSuite(xml) == [])
        // junit-10.xsd knows the rerun elements but not Surefire's `flakes` attribute on <testsuite>.
        let junit10 = try SchemaFixtures.junit10().validate(xml)
        #expect(junit10.count == 1)
        #expect(junit10.allSatisfy { $0.contains("'flakes'") }, "\(junit10)")

        var rerunsOnly = JUnitFixtures.everyKind()
        rerunsOnly.suites[0].cases.remove(at: 4)
        #expect(rerunsOnly.flakes == 0)
        let withoutFlakes = try JUnitWriter.render(rerunsOnly)
        #expect(try SchemaFixtures.junit10().validate(withoutFlakes) == [])
        #expect(try SchemaFixtures.surefire().validateEachSuite(withoutFlakes) == [])
        #expect(try SchemaFixtures.junit10().validate(try JUnitWriter.render(JUnitFixtures.everyKind(), dialect: .github)).allSatisfy {
            $0.contains("'flakes'") || $0.contains("'file'") || $0.contains("'line'") || $0.contains("'message'")
        })
    }

    @Test func jenkinsSchemaHasNoRerunElementsSoAttemptsAreOutsideIt() throws {
        let errors = try SchemaFixtures.jenkins().validate(try JUnitWriter.render(JUnitFixtures.everyKind()))
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0.contains("flaky") || $0.contains("rerun") || $0.contains("'flakes'") }, "\(errors)")
    }
}
