import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Renders a ``JUnitDocument`` as JUnit XML in one of the ``JUnitDialect``s.
///
/// The ``JUnitDialect/standard`` dialect is the intersection of junit-10.xsd, jenkins-junit.xsd (whole
/// document) and surefire-test-report.xsd (each `<testsuite>` alone): `<testsuites name tests failures errors
/// time>`; `<testsuite name tests failures errors skipped time timestamp>` with `<properties>` (only when
/// non-empty) before the cases; per case at most one of `<failure>`, `<error>`, `<skipped>`, then
/// `<system-out>` and `<system-err>`. No `hostname` (reports must be reproducible) and no CDATA. Earlier
/// attempts are Surefire's rerun elements, which only Surefire's and junit-10's schemas know (see
/// ``JUnitDialect/standard``). All text is made XML-safe first (see ``sanitize(_:)``), so the output is
/// always well-formed.
public enum JUnitWriter {
    /// The document as UTF-8 XML bytes.
    public static func render(_ document: JUnitDocument, dialect: JUnitDialect = .standard) throws -> Data {
        let xml = try XMLWriter()
        try writeDocument(JUnitStream(document), dialect: dialect, to: xml)
        return try xml.finish()
    }

    private static func writeDocument(_ stream: JUnitStream, dialect: JUnitDialect, to xml: XMLWriter) throws(JUnitWriterError) {
        try xml.startDocument()
        if dialect == .ant {
            // Ant's junitreport reads only files whose root is a <testsuite>; its counts and output need every
            // case first, so this dialect is built whole.
            let document = JUnitDocument(name: stream.name, suites: (0..<stream.suiteCount).map(stream.suite))
            try writeSuite(antSuite(document), dialect: .ant, to: xml)
            return
        }
        try xml.startElement("testsuites")
        try xml.attribute("name", stream.name)
        try xml.attribute("tests", String(stream.tests))
        try xml.attribute("failures", String(stream.failures))
        try xml.attribute("errors", String(stream.errors))
        try xml.attribute("time", JUnitFormat.seconds(stream.time))
        for index in 0..<stream.suiteCount {
            try writeSuite(stream.suite(index), dialect: dialect, to: xml)
        }
        try xml.endElement()
    }

    /// The whole document as the one `<testsuite>` of the ``JUnitDialect/ant`` dialect: named after the
    /// document, every case in suite order (each keeps its classname, the suite it came from), the summed time,
    /// the earliest known timestamp, and the properties every suite has with the same value (the run's, such as
    /// `suites.digest` or `shard`; a suite's own, such as its requirements, are not carried).
    static func antSuite(_ document: JUnitDocument) -> JUnitSuite {
        let unknown = Date(timeIntervalSince1970: 0)
        let timestamp = document.suites.map(\.timestamp).filter { $0 != unknown }.min() ?? unknown
        var shared: [JUnitProperty] = []
        if let first = document.suites.first {
            var names = Set<String>()
            for property in first.properties where names.insert(property.name).inserted
                && document.suites.allSatisfy({ $0.property(property.name) == property.value }) {
                shared.append(property)
            }
        }
        return JUnitSuite(name: document.name, timestamp: timestamp, time: document.time, properties: shared,
                          cases: document.suites.flatMap(\.cases))
    }

    /// One suite as a document of its own, with `<testsuite>` as the root (Surefire's per-file layout).
    public static func render(_ suite: JUnitSuite, dialect: JUnitDialect = .standard) throws -> Data {
        let xml = try XMLWriter()
        try xml.startDocument()
        try writeSuite(suite, dialect: dialect, to: xml)
        return try xml.finish()
    }

    /// Renders and replaces `url` atomically: the bytes go to a temporary file in the same directory,
    /// which is fsynced and then `rename(2)`d over the target, so a reader (or a CI step after a crash)
    /// sees either the old report or the complete new one, never half a file. The temporary file is
    /// removed on any failure.
    public static func write(_ document: JUnitDocument, to url: URL, dialect: JUnitDialect = .standard) throws {
        try AtomicFile.replace(url, with: render(document, dialect: dialect))
    }

    /// Writes `stream` to `url` as it is built, a suite at a time, with the same atomic replacement as
    /// ``write(_:to:dialect:)-(JUnitDocument,_,_)``: memory holds one suite, not the report (except in the
    /// ``JUnitDialect/ant`` dialect, whose one `<testsuite>` needs every case before its counts).
    public static func write(_ stream: JUnitStream, to url: URL, dialect: JUnitDialect = .standard) throws {
        try AtomicFile.replace(url) { fd throws(JUnitWriterError) in
            let xml = try XMLWriter(fd: fd)
            try writeDocument(stream, dialect: dialect, to: xml)
            _ = try xml.finish()
        }
    }

    /// Writes the Surefire directory layout: one `TEST-<suite name>.xml` per suite, each with a `<testsuite>`
    /// root and written atomically, creating the directory (and its parents) when missing.
    ///
    /// File names keep letters, digits, `.`, `_` and `-` of the suite name and turn everything else into `_`;
    /// names that would clash (also by case, for case-insensitive file systems) get `-2`, `-3`, …
    /// The directory holds one report: `TEST-*.xml` files left from an earlier run that this document does
    /// not write again are removed afterwards, so a reader of the directory never sees suites that no longer
    /// exist. Only files mamconf wrote there are replaced or removed (see ``ReportDirectoryRecord``): when a
    /// file this run would write is another's (another tool's report, the `--junit` report), nothing is
    /// written and the error names it. Returns the files written, in suite order.
    @discardableResult
    public static func writeDirectory(_ document: JUnitDocument, to directory: URL,
                                      dialect: JUnitDialect = .standard) throws -> [URL] {
        let path = directory.path
        guard !path.isEmpty else { throw JUnitWriterError.unwritable(path: path, reason: "the path is empty") }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw JUnitWriterError.unwritable(path: path, reason: "it is not a directory") }
        } else {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw JUnitWriterError.unwritable(path: path, reason: "the directory cannot be created (\(error.localizedDescription))")
            }
        }
        let names = fileNames(for: document.suites.map(\.name))
        let earlier = ReportDirectoryRecord.load(from: path)
        for name in names {
            let file = directory.appendingPathComponent(name).path
            var status = stat()
            if lstat(file, &status) == 0, !earlier.wrote(name, in: path) {
                throw JUnitWriterError.unwritable(path: file, reason: "mamconf's --junit-dir did not write this file (another tool's report, "
                    + "or the --junit report?), so it is neither replaced nor removed; remove it, or give --junit-dir a directory of its own")
            }
        }
        var record = ReportDirectoryRecord()
        var written: [URL] = []
        do {
            for (suite, name) in zip(document.suites, names) {
                let url = directory.appendingPathComponent(name)
                let data = try render(suite, dialect: dialect)
                try AtomicFile.replace(url, with: data)
                record.add(name: name, data: data)
                written.append(url)
            }
            // Compared without case, so a case-insensitive file system never loses a file just written.
            let keep = Set(names.map { $0.lowercased() })
            for stale in Set(earlier.entries.map(\.name)).sorted() where !keep.contains(stale.lowercased()) && earlier.wrote(stale, in: path) {
                let url = directory.appendingPathComponent(stale)
                do {
                    try FileManager.default.removeItem(at: url)
                } catch {
                    throw JUnitWriterError.unwritable(path: url.path, reason: "a report file of an earlier run cannot be removed (\(error.localizedDescription))")
                }
            }
        } catch {
            // Whatever is there now was written by mamconf, the earlier run's files or this one's: the next run
            // may replace and remove both.
            var both = earlier
            both.add(record)
            try? both.save(to: path)
            throw error
        }
        try record.save(to: path)
        return written
    }

    /// The file names ``writeDirectory(_:to:dialect:)`` uses for suites with these names, in order.
    public static func fileNames(for suiteNames: [String]) -> [String] {
        var taken = Set<String>()
        return suiteNames.map { name in
            var safe = String(name.unicodeScalars.map { scalar -> Character in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-": Character(scalar)
                default: "_"
                }
            })
            // 255 bytes is the usual limit for one file name; leave room for the prefix, a suffix and ".xml".
            if safe.count > 200 { safe = String(safe.prefix(200)) }
            if safe.isEmpty { safe = "_" }
            var candidate = "TEST-\(safe).xml"
            var number = 2
            while taken.contains(candidate.lowercased()) {
                candidate = "TEST-\(safe)-\(number).xml"
                number += 1
            }
            taken.insert(candidate.lowercased())
            return candidate
        }
    }

    /// Whether a file name is one of the Surefire layout's report files (`TEST-*.xml`).
    static func isReportFileName(_ name: String) -> Bool {
        name.hasPrefix("TEST-") && name.hasSuffix(".xml")
    }

    /// Checks before a run that a report can be written to `path`, so a bad `--junit` ends the run before any
    /// case is spent on it.
    public static func checkWritable(_ path: String) throws(JUnitWriterError) {
        try AtomicFile.checkWritable(path)
    }

    /// The text as it will appear in the report: every character XML 1.0 cannot carry (C0 controls
    /// other than TAB/LF/CR, NUL included, and U+FFFE/U+FFFF) becomes a visible `#xNN`.
    public static func sanitize(_ text: String) -> String {
        XMLText.sanitize(text)
    }

    /// Decodes captured output that may not be valid UTF-8. Each byte of an invalid sequence becomes
    /// `#xNN` (so the reader can see which byte it was, unlike U+FFFD), and the result is sanitised like
    /// ``sanitize(_:)``.
    public static func sanitize(bytes: Data) -> String {
        XMLText.sanitize(bytes: bytes)
    }

    private static func writeSuite(_ suite: JUnitSuite, dialect: JUnitDialect, to xml: XMLWriter) throws(JUnitWriterError) {
        try xml.startElement("testsuite")
        if dialect == .ant {
            try xml.attribute("name", antName(suite.name))
            // Required by Ant's schema, which names 'localhost' for an unknown host; reports stay reproducible.
            try xml.attribute("hostname", "localhost")
        } else {
            try xml.attribute("name", suite.name)
        }
        try xml.attribute("tests", String(suite.tests))
        try xml.attribute("failures", String(suite.failures))
        try xml.attribute("errors", String(suite.errors))
        try xml.attribute("skipped", String(suite.skipped))
        if dialect != .ant, suite.flakes > 0 {
            try xml.attribute("flakes", String(suite.flakes))
        }
        try xml.attribute("time", JUnitFormat.seconds(suite.time))
        try xml.attribute("timestamp", JUnitFormat.timestamp(suite.timestamp))
        if !suite.properties.isEmpty || dialect == .ant {
            // Ant requires the element even when empty; jenkins-junit.xsd requires at least one <property>.
            try xml.startElement("properties")
            for property in suite.properties {
                try xml.startElement("property")
                try xml.attribute("name", dialect == .ant ? antName(property.name) : property.name)
                try xml.attribute("value", property.value)
                try xml.endElement()
            }
            try xml.endElement()
        }
        for testCase in suite.cases {
            try writeCase(testCase, dialect: dialect, to: xml)
        }
        if dialect == .ant {
            try xml.startElement("system-out")
            try xml.text(AntCaseOutput.join(suite.cases, \.systemOut) ?? "")
            try xml.endElement()
            try xml.startElement("system-err")
            try xml.text(AntCaseOutput.join(suite.cases, \.systemErr) ?? "")
            try xml.endElement()
        }
        try xml.endElement()
    }

    private static func writeCase(_ testCase: JUnitCase, dialect: JUnitDialect, to xml: XMLWriter) throws(JUnitWriterError) {
        try xml.startElement("testcase")
        try xml.attribute("classname", testCase.classname)
        try xml.attribute("name", testCase.name)
        try xml.attribute("time", JUnitFormat.seconds(testCase.time))
        if dialect == .github {
            if let file = testCase.file { try xml.attribute("file", file) }
            if let line = testCase.line { try xml.attribute("line", String(line)) }
        }
        // Surefire's schema fixes the order: failure, rerunFailure, flakyFailure, skipped, error, rerunError,
        // flakyError, system-out, system-err. Ant allows only the result element.
        let attempts = dialect == .ant ? [] : testCase.attempts
        let prefix = testCase.outcome == .passed ? "flaky" : "rerun"
        if case let .failure(message, type, details) = testCase.outcome {
            try writeResult("failure", message: message, type: type, details: details, to: xml)
        }
        for attempt in attempts where attempt.kind == .failure {
            try writeAttempt(attempt, element: prefix + "Failure", to: xml)
        }
        if case let .skipped(message) = testCase.outcome {
            try xml.startElement("skipped")
            // jenkins-junit.xsd allows no attributes on <skipped>, so the reason is text; GitHub's readers and
            // Ant take the attribute.
            if dialect != .standard { try xml.attribute("message", message) }
            try xml.text(message)
            try xml.endElement()
        }
        if case let .error(message, type, details) = testCase.outcome {
            try writeResult("error", message: message, type: type, details: details, to: xml)
        }
        for attempt in attempts where attempt.kind == .error {
            try writeAttempt(attempt, element: prefix + "Error", to: xml)
        }
        if dialect != .ant {
            try writeOutput(system: testCase.systemOut, error: testCase.systemErr, to: xml)
        }
        try xml.endElement()
    }

    private static func writeResult(_ element: String, message: String, type: String, details: String,
                                    to xml: XMLWriter) throws(JUnitWriterError) {
        try xml.startElement(element)
        try xml.attribute("message", message)
        try xml.attribute("type", type)
        try xml.text(details)
        try xml.endElement()
    }

    private static func writeAttempt(_ attempt: JUnitAttempt, element: String, to xml: XMLWriter) throws(JUnitWriterError) {
        try xml.startElement(element)
        try xml.attribute("message", attempt.message)
        try xml.attribute("type", attempt.type)
        try xml.startElement("stackTrace")
        try xml.text(attempt.details)
        try xml.endElement()
        try writeOutput(system: attempt.systemOut, error: attempt.systemErr, to: xml)
        try xml.endElement()
    }

    private static func writeOutput(system out: String?, error err: String?, to xml: XMLWriter) throws(JUnitWriterError) {
        if let out {
            try xml.startElement("system-out")
            try xml.text(out)
            try xml.endElement()
        }
        if let err {
            try xml.startElement("system-err")
            try xml.text(err)
            try xml.endElement()
        }
    }

    /// Ant's schema wants suite and property names of at least one character after whitespace is collapsed.
    private static func antName(_ name: String) -> String {
        name.allSatisfy(\.isWhitespace) ? "unnamed" : name
    }
}
