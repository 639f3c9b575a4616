import Foundation
import JUnitXML
import Testing

@Suite("JUnitReader")
struct JUnitReaderTests {
    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mamconf-reader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    private func read(_ xml: String, source: String = "report.xml") throws(JUnitReaderError) -> JUnitDocument {
        try JUnitReader.read(data: Data(xml.utf8), source: source)
    }

    @Test(arguments: JUnitDialect.allCases)
    func whatTheWriterWritesReadsBackAsTheSameDocument(dialect: JUnitDialect) throws {
        for document in [JUnitFixtures.everyKind(), JUnitFixtures.document()] {
            let read = try JUnitReader.read(data: JUnitWriter.render(document, dialect: dialect), source: "r.xml")
            #expect(read == JUnitFixtures.asRead(document, dialect: dialect))
        }
    }

    @Test(arguments: JUnitDialect.allCases)
    func aDirectoryReadsBackAsTheSameSuitesInOrder(dialect: JUnitDialect) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Suite names out of file-name order: the reader goes by file name, so these two keep their order.
        let document = JUnitFixtures.everyKind()
        let files = try JUnitWriter.writeDirectory(document, to: directory, dialect: dialect)
        #expect(files.map(\.lastPathComponent) == ["TEST-policy.wipe.xml", "TEST-policy.pin.xml"])
        let read = try JUnitReader.read(path: directory.path)
        var expected = JUnitFixtures.asRead(document, dialect: dialect, directory: true)
        expected.suites.reverse()
        #expect(read == expected)
        #expect(try JUnitReader.reportFiles(inDirectory: directory.path).map { ($0 as NSString).lastPathComponent }
            == ["TEST-policy.pin.xml", "TEST-policy.wipe.xml"])
    }

    @Test func aFileWhoseRootIsATestsuiteIsOneSuite() throws {
        let document = try read("""
            <testsuite name="s" tests="1" failures="0" errors="0" skipped="0" time="1,234.5" timestamp="2026-11-22T03:03:31+01:00">
              <properties><property name="p" value="v"/></properties>
              <testcase classname="c" name="n" time="0.1"/>
            </testsuite>
            """)
        #expect(document.name == "")
        #expect(document.suites.count == 1)
        #expect(document.suites[0].time == 1234.5)
        #expect(document.suites[0].timestamp == JUnitFixtures.timestamp)
        #expect(document.suites[0].properties == [JUnitProperty(name: "p", value: "v")])
        #expect(document.suites[0].cases == [JUnitCase(classname: "c", name: "n", time: 0.1)])
    }

    @Test func otherToolsShapesAreReadToo() throws {
        let document = try read("""
            <testsuites>
              <testsuite name="outer" tests="4">
                <testcase classname="py" name="skip" time=""><skipped type="pytest.skip" message="no db">conftest.py:9: no db</skipped></testcase>
                <testcase classname="py" name="two" time="1e-3"><failure message="first"/><failure message="second"/><system-out>a</system-out><system-out>b</system-out></testcase>
                <testcase classname="java" name="old"><flakyFailure type="X"><![CDATA[at Foo.java:1]]></flakyFailure></testcase>
                <testcase classname="java" name="both"><skipped/><error type="E">boom</error></testcase>
                <system-out>not in the ant layout</system-out>
                <testsuite name="inner" tests="1"><testcase name="nested"/></testsuite>
              </testsuite>
            </testsuites>
            """)
        #expect(document.suites.map(\.name) == ["outer", "inner"])
        #expect(document.suites[0].timestamp == Date(timeIntervalSince1970: 0), "a missing timestamp reads as 1970")
        let cases = document.suites[0].cases
        #expect(cases[0].outcome == .skipped(message: "no db"), "the message attribute wins over the text")
        #expect(cases[0].time == 0)
        #expect(cases[1].outcome == .failure(message: "first", type: "", details: ""), "the first result element counts")
        #expect(cases[1].time == 0.001)
        #expect(cases[1].systemOut == "ab")
        #expect(cases[2].outcome == .passed)
        #expect(cases[2].attempts == [JUnitAttempt(kind: .failure, message: "", type: "X", details: "at Foo.java:1")],
                "Surefire before 2.22.1 put the trace in the element's text")
        #expect(cases[3].outcome == .error(message: "", type: "E", details: "boom"), "an error outranks a skip")
        #expect(cases.allSatisfy { $0.systemOut == nil || $0.name == "two" }, "suite output not in the ant layout is dropped")
        #expect(document.suites[1].cases == [JUnitCase(classname: "", name: "nested")])
    }

    @Test func malformedXMLNamesTheFileAndLine() throws {
        let error = #expect(throws: JUnitReaderError.self) {
            try read("<testsuites>\n  <testsuite name=\"s\">\n    <testcase name=\"a\">\n</testsuites>\n", source: "shard-2.xml")
        }
        guard case let .malformed(path, line, column, reason)? = error else {
            Issue.record("expected .malformed, got \(String(describing: error))")
            return
        }
        #expect(path == "shard-2.xml")
        #expect(line == 4)
        #expect(column > 0)
        #expect(!reason.isEmpty)
        #expect(error?.description.hasPrefix("shard-2.xml:4:\(column): not well-formed XML: ") == true, "\(String(describing: error))")
    }

    @Test func aTruncatedFileOnDiskIsMalformedWithItsPath() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("cut.xml")
        let whole = try JUnitWriter.render(JUnitFixtures.everyKind())
        try whole.prefix(whole.count / 2).write(to: file)
        let error = #expect(throws: JUnitReaderError.self) { try JUnitReader.read(path: file.path) }
        #expect(error?.description.hasPrefix(file.path + ":") == true, "\(String(describing: error))")
    }

    @Test func wellFormedXMLThatIsNotJUnitIsRejectedWithItsRoot() throws {
        let error = #expect(throws: JUnitReaderError.self) { try read("<?xml version=\"1.0\"?>\n<html><body/></html>") }
        #expect(error == .notJUnit(path: "report.xml", line: 2, root: "html"))
        #expect(error?.description == "report.xml:2: the root element is <html>, not <testsuites> or <testsuite>; this is not a JUnit report")
    }

    @Test func aNumberAttributeThatIsNotANumberIsAnError() throws {
        let time = #expect(throws: JUnitReaderError.self) {
            try read("<testsuite name=\"s\">\n<testcase name=\"n\" time=\"fast\"/></testsuite>")
        }
        #expect(time == .invalidNumber(path: "report.xml", line: 2, element: "testcase", attribute: "time", value: "fast"))
        let line = #expect(throws: JUnitReaderError.self) {
            try read("<testsuite name=\"s\"><testcase name=\"n\" file=\"a.yaml\" line=\"ten\"/></testsuite>")
        }
        #expect(line?.description == "report.xml:1: <testcase line=\"ten\"> is not a number")
    }

    @Test func aMissingPathOrADirectoryWithoutReportsIsAnError() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("x".utf8).write(to: directory.appendingPathComponent("notes.txt"))
        #expect(throws: JUnitReaderError.emptyDirectory(path: directory.path)) { try JUnitReader.read(path: directory.path) }
        let missing = directory.appendingPathComponent("missing.xml").path
        #expect(throws: JUnitReaderError.unreadable(path: missing, reason: "no such file or directory")) { try JUnitReader.read(path: missing) }
    }
}
