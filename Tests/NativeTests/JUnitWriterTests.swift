import Foundation
import JUnitXML
import Testing

@Suite("JUnitWriter output")
struct JUnitWriterTests {
    @Test func nastyDocumentValidatesAgainstAllThreeSchemas() throws {
        let xml = try JUnitWriter.render(JUnitFixtures.document())
        let errors = try SchemaFixtures.allSchemaErrors(xml)
        #expect(errors == [])
    }

    @Test func outputIsWellFormedAndHasNoForbiddenBytes() throws {
        let xml = try JUnitWriter.render(JUnitFixtures.document())
        #expect(XMLElement.parse(xml) != nil)
        let forbidden = xml.filter { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        #expect(forbidden.isEmpty)
        let text = String(decoding: xml, as: UTF8.self)
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites "))
        #expect(!text.contains("CDATA"))
        #expect(!text.contains("hostname"))
        #expect(!text.contains("\r"), "CR must be written as &#13; so parsers do not turn it into LF")
    }

    @Test func escapedTextSurvivesARoundTrip() throws {
        let xml = try JUnitWriter.render(JUnitFixtures.document())
        let root = try #require(XMLElement.parse(xml))
        let expected = JUnitFixtures.nastySanitized
        #expect(root.attributes["name"] == "mamconf \(expected)")

        let suite = try #require(root.child("testsuite"))
        #expect(suite.attributes["name"] == "policy \(expected)")
        let properties = try #require(suite.child("properties")).children(named: "property")
        #expect(properties.map { $0.attributes["name"] } == ["seed", "note"])
        #expect(properties.last?.attributes["value"] == expected)

        let cases = suite.children(named: "testcase")
        #expect(cases.count == 4)
        #expect(cases[0].child("system-out")?.text == "[[PROPERTY|req=REQ-1]]\n" + expected)

        let failing = cases[1]
        #expect(failing.attributes["name"] == "REQ-2 \(expected)")
        let failure = try #require(failing.child("failure"))
        #expect(failure.attributes["message"] == expected)
        #expect(failure.attributes["type"] == "assertion")
        #expect(failure.text == expected)
        #expect(failing.child("system-out")?.text == JUnitFixtures.invalidUTF8Sanitized)
        #expect(failing.child("system-err")?.text == expected)
        #expect(failing.children.map(\.name) == ["failure", "system-out", "system-err"])

        let error = try #require(cases[2].child("error"))
        #expect(error.attributes["message"] == "adapter died")
        #expect(error.attributes["type"] == "adapter")
        #expect(error.text == expected)

        let skipped = try #require(cases[3].child("skipped"))
        #expect(skipped.text == expected)
        #expect(skipped.attributes.isEmpty, "jenkins-junit.xsd allows no attributes on <skipped>")
    }

    @Test func countsTimesAndTimestamp() throws {
        let document = JUnitFixtures.document()
        let root = try #require(XMLElement.parse(try JUnitWriter.render(document)))
        #expect(root.attributes["tests"] == "5")
        #expect(root.attributes["failures"] == "1")
        #expect(root.attributes["errors"] == "1")
        #expect(root.attributes["time"] == "3.235")
        #expect(root.attributes["skipped"] == nil, "neither junit-10.xsd nor jenkins-junit.xsd allows it")
        #expect(document.skipped == 1)

        let suites = root.children(named: "testsuite")
        #expect(suites.count == 2)
        let first = suites[0].attributes
        #expect(first["tests"] == "4")
        #expect(first["failures"] == "1")
        #expect(first["errors"] == "1")
        #expect(first["skipped"] == "1")
        #expect(first["time"] == "1.235")
        #expect(first["timestamp"] == "2026-11-22T02:03:31")
        #expect(suites[0].children.map(\.name) == ["properties", "testcase", "testcase", "testcase", "testcase"])
        #expect(suites[0].children(named: "testcase").map { $0.attributes["time"] }
            == ["0.500", "0.250", "0.000", "0.000"])

        // No <properties> at all when there are none: jenkins-junit.xsd requires at least one <property>.
        #expect(suites[1].children.map(\.name) == ["testcase"])
        #expect(suites[1].attributes["time"] == "2.000")
        #expect(suites[1].attributes["skipped"] == "0")
    }

    @Test func emptyDocumentIsValid() throws {
        let xml = try JUnitWriter.render(JUnitDocument(name: "nothing"))
        #expect(try SchemaFixtures.junit10().validate(xml) == [])
        #expect(try SchemaFixtures.jenkins().validate(xml) == [])
        #expect(XMLElement.parse(xml)?.attributes["tests"] == "0")
    }

    @Test func rendersConcurrentlyFromManyTasks() async throws {
        let reference = try JUnitWriter.render(JUnitFixtures.document())
        let results = await withTaskGroup(of: Data?.self, returning: [Data?].self) { group in
            for _ in 0..<16 {
                group.addTask { try? JUnitWriter.render(JUnitFixtures.document()) }
            }
            var all: [Data?] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 16)
        #expect(results.allSatisfy { $0 == reference })
    }
}
