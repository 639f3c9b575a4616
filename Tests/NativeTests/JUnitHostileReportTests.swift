import Foundation
import JUnitXML
import Testing

/// Reports reach `merge` and `compare` from other machines (a fork's pull-request artifacts), so the reader
/// refuses what a JUnit report never needs and an attacker would: a DOCTYPE (entity expansion, external
/// entities and DTDs), nesting deeper than any report has, and files larger than any run writes. Each refusal
/// is quick and names the file, and mamconf's own large reports still read.
@Suite("JUnitReader against hostile reports")
struct JUnitHostileReportTests {
    /// A hostile document and the start of the refusal it must get.
    struct Hostile: CustomTestStringConvertible, Sendable {
        var name: String
        var xml: String
        var refusal: String
        var testDescription: String { name }
    }

    static let doctypeRefusal = "report.xml:2: the report declares a DOCTYPE, which JUnit reports never have; refused, because its entities could expand without bound or read other files"

    /// Ten entities, each ten of the one before: `&lol9;` is a billion `lol`s.
    static func laughs(_ levels: Int) -> String {
        var entities = "<!ENTITY lol0 \"lol\">"
        for level in 1...levels {
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        return entities
    }

    static let hostile: [Hostile] = [
        Hostile(name: "billion laughs in element text", xml: """
            <?xml version="1.0"?>
            <!DOCTYPE testsuites [\(laughs(9))]>
            <testsuites><testsuite name="s"><testcase name="c"><system-out>&lol9;</system-out></testcase></testsuite></testsuites>
            """, refusal: doctypeRefusal),
        Hostile(name: "entities expanded in attributes", xml: """
            <?xml version="1.0"?>
            <!DOCTYPE testsuites [\(laughs(5))]>
            <testsuites><testsuite name="&lol5;"><testcase name="&lol5;" classname="&lol5;"/></testsuite></testsuites>
            """, refusal: doctypeRefusal),
        Hostile(name: "a huge shard label from an entity", xml: """
            <?xml version="1.0"?>
            <!DOCTYPE testsuite [\(laughs(5))]>
            <testsuite name="s"><properties><property name="shard" value="1/&lol5;"/></properties></testsuite>
            """, refusal: doctypeRefusal),
        Hostile(name: "an external entity (a local file)", xml: """
            <?xml version="1.0"?>
            <!DOCTYPE testsuite [<!ENTITY xxe SYSTEM "file:///etc/hostname">]>
            <testsuite name="s"><testcase name="c"><system-out>&xxe;</system-out></testcase></testsuite>
            """, refusal: doctypeRefusal),
        Hostile(name: "an external parameter entity", xml: """
            <?xml version="1.0"?>
            <!DOCTYPE testsuite [<!ENTITY % remote SYSTEM "file:///etc/hostname"> %remote;]>
            <testsuite name="s"/>
            """, refusal: doctypeRefusal),
        Hostile(name: "an external DTD", xml: """
            <?xml version="1.0"?>
            <!DOCTYPE testsuite SYSTEM "http://127.0.0.1:9/junit.dtd">
            <testsuite name="s"/>
            """, refusal: doctypeRefusal),
        Hostile(name: "nesting deeper than the limit but within libxml2's own", xml: "<?xml version=\"1.0\"?>\n"
            + String(repeating: "<testsuite name=\"n\">", count: 100) + String(repeating: "</testsuite>", count: 100),
            refusal: "report.xml:2: elements nest more than 64 deep, which no JUnit report needs; refused"),
        Hostile(name: "nesting far deeper than libxml2 allows", xml: "<?xml version=\"1.0\"?>\n"
            + String(repeating: "<testsuite>", count: 100_000),
            refusal: "report.xml:2: elements nest more than 64 deep, which no JUnit report needs; refused"),
    ]

    @Test(arguments: hostile)
    func aHostileReportIsRefusedAtOnceNamingTheFileAndLine(_ report: Hostile) {
        // The refusal itself shows nothing was expanded: it names the DOCTYPE or the depth, which come before any use.
        let error = #expect(throws: JUnitReaderError.self) { try JUnitReader.read(data: Data(report.xml.utf8), source: "report.xml") }
        #expect(error?.description == report.refusal)
    }

    @Test func nestingUpToTheLimitStillReads() throws {
        let depth = JUnitReader.depthLimit
        // testsuites > testsuite × (depth - 1): exactly the limit.
        let xml = "<testsuites>" + String(repeating: "<testsuite name=\"n\">", count: depth - 1)
            + String(repeating: "</testsuite>", count: depth - 1) + "</testsuites>"
        #expect(try JUnitReader.read(data: Data(xml.utf8), source: "deep.xml").suites.count == depth - 1)
    }

    @Test func aReportLargerThanTheLimitIsRefusedBeforeItIsRead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mamconf-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Sparse: it takes no disk space, and a reader that loads it first would hold the limit in memory.
        let file = directory.appendingPathComponent("huge.xml")
        try #require(FileManager.default.createFile(atPath: file.path, contents: Data("<testsuite name=\"s\">".utf8)))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(JUnitReader.sizeLimit) + 1)
        try handle.close()
        let error = #expect(throws: JUnitReaderError.self) { try JUnitReader.read(path: file.path) }
        #expect(error?.description == "\(file.path): the report is larger than 512 MiB, the most merge and compare read")
        // A directory counts its files together: one run's reports, split by suite.
        let split = directory.appendingPathComponent("junit-dir")
        try FileManager.default.createDirectory(at: split, withIntermediateDirectories: true)
        let suite = try JUnitWriter.render(JUnitSuite(name: "s", cases: [JUnitCase(classname: "c", name: String(repeating: "n", count: 600))]))
        for index in 0..<3 { try suite.write(to: split.appendingPathComponent("TEST-\(index).xml")) }
        let limited = #expect(throws: JUnitReaderError.self) { try JUnitReader.read(path: split.path, sizeLimit: suite.count * 2 + 10) }
        #expect(limited?.description.hasSuffix("TEST-2.xml: the report is larger than \(suite.count * 2 + 10) bytes, the most merge and compare read") == true,
                "\(String(describing: limited))")
    }

    @Test func suiteOutputOfManyCasesOfOneNameIsSplitCaseByCase() throws {
        // The ant layout's headers name cases; a report of one name many times must not make each header a search.
        let count = 40_000
        let cases = String(repeating: "<testcase classname=\"c\" name=\"n\"/>", count: count)
        let output = String(repeating: "----- c / n -----\nline\n", count: count)
        let xml = "<testsuite name=\"s\">\(cases)<system-out>\(output)</system-out></testsuite>"
        let read = try JUnitReader.read(data: Data(xml.utf8), source: "same-name.xml")
        #expect(read.suites.first?.cases.count == count)
        #expect(read.suites.first?.cases.allSatisfy { $0.systemOut == "line" } == true)
    }

    @Test func aReportWhoseOutputExceedsLibxml2sTenMegabyteTextLimitReadsBack() throws {
        // A big run's transcripts, as the writer escapes them: more than libxml2 takes in one text node without
        // XML_PARSE_HUGE. The escapes matter: libxml2 checks its limit where it joins the text between them.
        let line = "[3] ← event {\"ui\": \"<restart-dialog>\"} & more\n"
        let escaped = "[3] ← event {\"ui\": \"&lt;restart-dialog&gt;\"} &amp; more\n"
        let count = 240_000
        let output = String(repeating: escaped, count: count)
        #expect(output.utf8.count > 10_000_000)
        // In the case's own <system-out>, and in the suite's, where the ant dialect gathers every case's output.
        let standard = "<testsuite name=\"s\"><testcase classname=\"s\" name=\"long\"><system-out>\(output)</system-out></testcase></testsuite>"
        let ant = "<testsuite name=\"s\"><testcase classname=\"s\" name=\"long\"/><system-out>----- s / long -----\n\(output)</system-out></testsuite>"
        for xml in [standard, ant] {
            let read = try JUnitReader.read(data: Data(xml.utf8), source: "big.xml")
            #expect(read.suites.first?.cases.first?.systemOut?.utf8.count == line.utf8.count * count - (xml == ant ? 1 : 0))
        }
    }
}
