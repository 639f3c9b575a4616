import Foundation
import JUnitXML
import Testing

@Suite("JUnit dialects")
struct JUnitDialectTests {
    static func ant() throws -> JUnitSchemaValidator { try JUnitSchemaValidator(xsdPath: SchemaFixtures.path("JUnit.xsd")) }

    @Test func dialectNamesAreTheOnesTheCommandLineTakes() {
        #expect(JUnitDialect.allCases.map(\.rawValue) == ["standard", "github", "ant"])
        #expect(JUnitDialect(rawValue: "github") == .github)
    }

    @Test func theStandardDialectIsTheDefaultAndLeavesOutFileAndLine() throws {
        let document = JUnitFixtures.everyKind()
        let standard = try JUnitWriter.render(document, dialect: .standard)
        #expect(try JUnitWriter.render(document) == standard)
        let text = String(decoding: standard, as: UTF8.self)
        #expect(!text.contains("file=\""))
        #expect(!text.contains("line=\""))
        #expect(!text.contains("<skipped message"))
    }

    @Test func theStandardDialectOfAReportWithoutAttemptsIsValidAgainstAllThreeSchemas() throws {
        var document = JUnitFixtures.everyKind()
        for s in document.suites.indices {
            for c in document.suites[s].cases.indices { document.suites[s].cases[c].attempts = [] }
        }
        #expect(try SchemaFixtures.allSchemaErrors(JUnitWriter.render(document)) == [])
    }

    @Test func theGithubDialectAddsFileLineAndASkippedMessageAttribute() throws {
        let root = try #require(XMLElement.parse(try JUnitWriter.render(JUnitFixtures.everyKind(), dialect: .github)))
        let cases = try #require(root.child("testsuite")).children(named: "testcase")
        #expect(cases[0].attributes["file"] == "Suites/wipe.yaml")
        #expect(cases[0].attributes["line"] == "3")
        #expect(cases[1].attributes["file"] == nil, "a case without a source has no file attribute")
        let skipped = try #require(cases[3].child("skipped"))
        #expect(skipped.attributes["message"] == "needs a clock")
        #expect(skipped.text == "needs a clock", "the text stays for readers that only look there")
    }

    @Test func theGithubDialectBreaksThePublishedSchemasOnlyWhereItMeansTo() throws {
        let xml = try JUnitWriter.render(JUnitFixtures.document(), dialect: .github)
        let errors = try SchemaFixtures.allSchemaErrors(xml)
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0.contains("'message'") }, "only <skipped message> should be rejected: \(errors)")
    }

    @Test(arguments: [false, true])
    func theAntDialectIsValidAgainstAntsStrictSchema(nasty: Bool) throws {
        let document = nasty ? JUnitFixtures.document() : JUnitFixtures.everyKind()
        let xml = try JUnitWriter.render(document, dialect: .ant)
        #expect(try Self.ant().validate(xml) == [])
        let empty = try JUnitWriter.render(JUnitDocument(name: " ", suites: [JUnitSuite(name: "   ")]), dialect: .ant)
        #expect(try Self.ant().validate(empty) == [], "a blank name is replaced, Ant requires one")
        #expect(try Self.ant().validate(JUnitWriter.render(JUnitDocument(name: "none"), dialect: .ant)) == [])
    }

    @Test func theAntDialectIsOneTestsuiteWithTheAttributesAndElementsAntRequires() throws {
        let root = try #require(XMLElement.parse(try JUnitWriter.render(JUnitFixtures.everyKind(), dialect: .ant)))
        #expect(root.name == "testsuite", "Ant's junitreport reads only files whose root is a <testsuite>")
        #expect(root.attributes["name"] == "mamconf", "named after the document")
        #expect(root.attributes["hostname"] == "localhost")
        #expect(root.attributes["package"] == nil && root.attributes["id"] == nil, "those belong to junitreport's aggregate")
        #expect(root.attributes["flakes"] == nil)
        #expect(["tests", "failures", "errors", "skipped"].map { root.attributes[$0] } == ["8", "2", "2", "1"], "the whole run's counts")
        #expect(root.attributes["time"] == "3.625", "the suites' times summed")
        #expect(root.attributes["timestamp"] == "2026-11-22T02:03:31", "the earliest suite's start")
        let names = root.children.map(\.name)
        #expect(names.first == "properties" && Array(names.suffix(2)) == ["system-out", "system-err"])
        #expect(root.children(named: "testcase").map { $0.attributes["classname"] ?? "" }
            == Array(repeating: "policy.wipe", count: 6) + ["policy.pin", "policy.pin"], "every case, in suite order")
        for testCase in root.children(named: "testcase") {
            #expect(testCase.children.count <= 1, "at most one result element: \(testCase.children.map(\.name))")
            #expect(testCase.children.allSatisfy { ["failure", "error", "skipped"].contains($0.name) })
        }
    }

    @Test func theAntDialectKeepsThePropertiesEverySuiteShares() throws {
        let run = [JUnitProperty(name: JUnitRunProperty.suitesDigest, value: "sha256:1"), JUnitProperty(name: JUnitRunProperty.shard, value: "1/2")]
        let document = JUnitDocument(name: "mamconf", suites: [
            JUnitSuite(name: "a", properties: [JUnitProperty(name: "requirements", value: "ENR-01")] + run),
            JUnitSuite(name: "b", properties: run + [JUnitProperty(name: "requirements", value: "WIP-02")]),
        ])
        let root = try #require(XMLElement.parse(try JUnitWriter.render(document, dialect: .ant)))
        #expect(root.child("properties")?.children.map { "\($0.attributes["name"] ?? "")=\($0.attributes["value"] ?? "")" }
            == ["suites.digest=sha256:1", "shard=1/2"])
    }

    @Test func theAntDialectGathersCaseOutputIntoTheSuiteUnderAHeaderPerCase() throws {
        let suite = try #require(XMLElement.parse(try JUnitWriter.render(JUnitFixtures.everyKind(), dialect: .ant)))
        #expect(suite.child("system-out")?.text == """
            ----- policy.wipe / REQ-1 passes -----
            line 1
            line 2
            ----- policy.wipe / REQ-2 fails -----
            out ends with CR\r
            ----- policy.wipe / REQ-5 flaky -----
            third try

            ----- policy.pin / PIN-1 empty output -----


            """)
        #expect(suite.child("system-err")?.text == "----- policy.wipe / REQ-2 fails -----\nerr\n----- policy.pin / PIN-1 empty output -----\n\n")
    }

    @Test func aSuiteOnItsOwnIsValidAgainstSurefireAndAntAsARootElement() throws {
        let document = JUnitFixtures.everyKind()
        for suite in document.suites {
            let standard = try JUnitWriter.render(suite)
            #expect(try SchemaFixtures.surefire().validate(standard) == [])
            #expect(XMLElement.parse(standard)?.name == "testsuite")
            let ant = try JUnitWriter.render(suite, dialect: .ant)
            #expect(try Self.ant().validate(ant) == [])
            #expect(XMLElement.parse(ant)?.attributes["id"] == nil, "package and id belong to the aggregated form only")
        }
    }
}
