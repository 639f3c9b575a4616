import Foundation
import JUnitXML
import Testing

@Suite("JUnitSchemaValidator")
struct JUnitSchemaValidatorTests {
    @Test func rejectsAttributesTheSchemasDoNotAllow() throws {
        let xml = Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="x" tests="1" skipped="1">
              <testsuite name="s" tests="1" failures="0" errors="0" skipped="1" time="0.1">
                <testcase classname="c" name="n" time="0.1"><skipped message="m"/></testcase>
              </testsuite>
            </testsuites>
            """.utf8)
        let junit10 = try SchemaFixtures.junit10().validate(xml)
        #expect(junit10.count == 1)
        #expect(junit10.first?.contains("'skipped'") == true)
        #expect(junit10.first?.hasPrefix("line 2: ") == true)

        let jenkins = try SchemaFixtures.jenkins().validate(xml)
        #expect(jenkins.count == 2, "testsuites@skipped and skipped@message: \(jenkins)")
    }

    @Test func eachSuiteIsValidatedAlone() throws {
        let xml = Data("""
            <testsuites>
              <testsuite name="good" tests="1" failures="0" errors="0" skipped="0" time="0.1">
                <testcase name="n" time="0.1"/>
              </testsuite>
              <testsuite name="bad" tests="1" failures="0" errors="0">
                <testcase name="n"/>
              </testsuite>
            </testsuites>
            """.utf8)
        let errors = try SchemaFixtures.surefire().validateEachSuite(xml)
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0.hasPrefix("testsuite[1] \"bad\": ") }, "\(errors)")
        #expect(errors.contains { $0.contains("skipped") })
        #expect(errors.contains { $0.contains("time") })

        // A lone <testsuite> root is validated as it is.
        let single = Data(#"<testsuite name="s" tests="0" failures="0" errors="0" skipped="0"/>"#.utf8)
        #expect(try SchemaFixtures.surefire().validateEachSuite(single) == [])
        // Surefire's root is <testsuite>, so a whole <testsuites> document fails it.
        #expect(!(try SchemaFixtures.surefire().validate(xml)).isEmpty)
    }

    @Test func malformedInputYieldsAnErrorNotACrash() throws {
        let validator = try SchemaFixtures.junit10()
        let unclosed = validator.validate(Data("<testsuites><testsuite>".utf8))
        #expect(unclosed.count == 1)
        #expect(unclosed.first?.hasPrefix("not well-formed") == true)
        #expect(!validator.validate(Data("<a>\u{1}</a>".utf8)).isEmpty)
        #expect(!validator.validate(Data()).isEmpty)
        #expect(!validator.validateEachSuite(Data("<testsuites/>".utf8)).isEmpty)
    }

    @Test func missingOrBrokenSchemaThrows() throws {
        #expect(throws: JUnitSchemaError.self) {
            try JUnitSchemaValidator(xsdPath: SchemaFixtures.path("does-not-exist.xsd"))
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mamconf-xsd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let broken = directory.appendingPathComponent("broken.xsd")
        try Data("<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\"><xs:element/></xs:schema>".utf8).write(to: broken)
        let error = #expect(throws: JUnitSchemaError.self) { try JUnitSchemaValidator(xsdPath: broken.path) }
        if case let .unusableSchema(path, messages)? = error {
            #expect(path == broken.path)
            #expect(!messages.isEmpty)
        }
    }
}
