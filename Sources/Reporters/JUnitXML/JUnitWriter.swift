import Foundation

/// Renders a ``JUnitDocument`` as JUnit XML that validates against junit-10.xsd and jenkins-junit.xsd
/// (whole document) and surefire-test-report.xsd (each `<testsuite>` alone).
///
/// The dialect is the intersection of those schemas: `<testsuites name tests failures errors time>`;
/// `<testsuite name tests failures errors skipped time timestamp>` with `<properties>` (only when
/// non-empty) before the cases; per case at most one of `<failure>`, `<error>`, `<skipped>`, then
/// `<system-out>` and `<system-err>`. No `hostname` (reports must be reproducible) and no CDATA.
/// All text is made XML-safe first (see ``sanitize(_:)``), so the output is always well-formed.
public enum JUnitWriter {
    /// The document as UTF-8 XML bytes.
    public static func render(_ document: JUnitDocument) throws -> Data {
        let xml = try XMLWriter()
        try xml.startDocument()
        try xml.startElement("testsuites")
        try xml.attribute("name", document.name)
        try xml.attribute("tests", String(document.tests))
        try xml.attribute("failures", String(document.failures))
        try xml.attribute("errors", String(document.errors))
        try xml.attribute("time", JUnitFormat.seconds(document.time))
        for suite in document.suites {
            try writeSuite(suite, to: xml)
        }
        try xml.endElement()
        return try xml.finish()
    }

    /// Renders and replaces `url` atomically: the bytes go to a temporary file in the same directory,
    /// which is fsynced and then `rename(2)`d over the target, so a reader (or a CI step after a crash)
    /// sees either the old report or the complete new one, never half a file. The temporary file is
    /// removed on any failure.
    public static func write(_ document: JUnitDocument, to url: URL) throws {
        try AtomicFile.replace(url, with: render(document))
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

    private static func writeSuite(_ suite: JUnitSuite, to xml: XMLWriter) throws(JUnitWriterError) {
        try xml.startElement("testsuite")
        try xml.attribute("name", suite.name)
        try xml.attribute("tests", String(suite.tests))
        try xml.attribute("failures", String(suite.failures))
        try xml.attribute("errors", String(suite.errors))
        try xml.attribute("skipped", String(suite.skipped))
        try xml.attribute("time", JUnitFormat.seconds(suite.time))
        try xml.attribute("timestamp", JUnitFormat.timestamp(suite.timestamp))
        if !suite.properties.isEmpty {
            try xml.startElement("properties")
            for property in suite.properties {
                try xml.startElement("property")
                try xml.attribute("name", property.name)
                try xml.attribute("value", property.value)
                try xml.endElement()
            }
            try xml.endElement()
        }
        for testCase in suite.cases {
            try writeCase(testCase, to: xml)
        }
        try xml.endElement()
    }

    private static func writeCase(_ testCase: JUnitCase, to xml: XMLWriter) throws(JUnitWriterError) {
        try xml.startElement("testcase")
        try xml.attribute("classname", testCase.classname)
        try xml.attribute("name", testCase.name)
        try xml.attribute("time", JUnitFormat.seconds(testCase.time))
        switch testCase.outcome {
        case .passed:
            break
        case let .failure(message, type, details):
            try writeResult("failure", message: message, type: type, details: details, to: xml)
        case let .error(message, type, details):
            try writeResult("error", message: message, type: type, details: details, to: xml)
        case let .skipped(message):
            try xml.startElement("skipped")
            try xml.text(message)
            try xml.endElement()
        }
        if let out = testCase.systemOut {
            try xml.startElement("system-out")
            try xml.text(out)
            try xml.endElement()
        }
        if let err = testCase.systemErr {
            try xml.startElement("system-err")
            try xml.text(err)
            try xml.endElement()
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
}
