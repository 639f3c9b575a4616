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
        let empty = try JUnitWriter.render(JUnitDocument(name: "none", suites: [JUnitSuite(name: "   ")]), dialect: .ant)
        #expect(try Self.ant().validate(empty) == [], "a blank suite name is replaced, Ant requires one")
    }

    @Test func theAntDialectHasTheAttributesAndElementsAntRequires() throws {
        let root = try #require(XMLElement.parse(try JUnitWriter.render(JUnitFixtures.everyKind(), dialect: .ant)))
        #expect(root.attributes.isEmpty, "Ant's <testsuites> has no attributes")
        let suites = root.children(named: "testsuite")
        #expect(suites.map { $0.attributes["id"] } == ["0", "1"])
        #expect(suites.allSatisfy { $0.attributes["package"] == "" && $0.attributes["hostname"] == "localhost" })
        #expect(suites.allSatisfy { $0.attributes["flakes"] == nil })
        #expect(suites[1].children.map(\.name) == ["properties", "testcase", "testcase", "system-out", "system-err"],
                "properties even when empty, and suite-level output")
        for testCase in suites.flatMap({ $0.children(named: "testcase") }) {
            #expect(testCase.children.count <= 1, "at most one result element: \(testCase.children.map(\.name))")
            #expect(testCase.children.allSatisfy { ["failure", "error", "skipped"].contains($0.name) })
        }
    }

    @Test func theAntDialectGathersCaseOutputIntoTheSuiteUnderAHeaderPerCase() throws {
        let root = try #require(XMLElement.parse(try JUnitWriter.render(JUnitFixtures.everyKind(), dialect: .ant)))
        let suite = try #require(root.child("testsuite"))
        #expect(suite.child("system-out")?.text == """
            ----- policy.wipe / REQ-1 passes -----
            line 1
            line 2
            ----- policy.wipe / REQ-2 fails -----
            out ends with CR\r
            ----- policy.wipe / REQ-5 flaky -----
            third try


            """)
        #expect(suite.child("system-err")?.text == "----- policy.wipe / REQ-2 fails -----\nerr\n")
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
