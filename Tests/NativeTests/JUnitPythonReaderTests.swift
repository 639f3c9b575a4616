import Foundation
import JUnitXML
import TestSupport
import Testing

/// Two JUnit readers from PyPI, junitparser (also behind EnricoMi/publish-unit-test-result-action) and
/// xunitparser, must count every kind of report mamconf writes as the model does. `make deps` installs them;
/// when python3 or a package is missing the test fails and says so, it does not skip.
@Suite("JUnit reports read by Python tools")
struct JUnitPythonReaderTests {
    static let script = SchemaFixtures.directory.deletingLastPathComponent().appendingPathComponent("junit-readers/count_junit.py").path

    struct Counts: Decodable, Equatable, CustomStringConvertible {
        var tests: Int
        var failures: Int
        var errors: Int
        var skipped: Int
        var description: String { "tests \(tests), failures \(failures), errors \(errors), skipped \(skipped)" }
    }

    struct JunitparserCounts: Decodable {
        var tests: Int
        var failures: Int
        var errors: Int
        var skipped: Int
        var flaky: Int
        var rerun: Int
        var attr_tests: Int
        var attr_failures: Int
        var attr_errors: Int
        var attr_skipped: Int

        var counts: Counts { Counts(tests: tests, failures: failures, errors: errors, skipped: skipped) }
        var attributeCounts: Counts { Counts(tests: attr_tests, failures: attr_failures, errors: attr_errors, skipped: attr_skipped) }
    }

    /// One reader's answer: its counts, or the Python traceback when it failed.
    struct Answer<Value: Decodable>: Decodable {
        var value: Value?
        var error: String?

        private enum Keys: String, CodingKey { case error }

        init(from decoder: any Decoder) throws {
            error = try decoder.container(keyedBy: Keys.self).decodeIfPresent(String.self, forKey: .error)
            value = error == nil ? try Value(from: decoder) : nil
        }
    }

    struct Line: Decodable {
        var path: String
        var junitparser: Answer<JunitparserCounts>
        var xunitparser: Answer<Counts>
    }

    /// A report to write, the document it holds, and how to write it.
    struct Report {
        var name: String
        var document: JUnitDocument
        var dialect: JUnitDialect
        var directory = false

        /// xunitparser keeps one property table for a whole `<testsuites>` document and asserts that no name
        /// comes twice, so it cannot read a file in which several suites carry the same property, which is
        /// every mamconf report of more than one suite (each suite has `requirements`, `sdk`, …). It reads
        /// such a report in the `--junit-dir` layout, one suite per file, or in the ant dialect.
        var xunitparserNeedsOneSuitePerFile: Bool {
            // A directory has a suite per file, and the ant dialect's file is one suite.
            guard !directory, dialect != .ant else { return false }
            let names = document.suites.flatMap { Set($0.properties.map(\.name)) }
            return Set(names).count < names.count
        }
    }

    static func single(_ name: String, _ cases: [JUnitCase]) -> JUnitDocument {
        JUnitDocument(name: name, suites: [JUnitSuite(name: name, timestamp: JUnitFixtures.timestamp, time: 1, cases: cases)])
    }

    /// ``JUnitFixtures/everyKind(name:)`` with the same properties on every suite, as mamconf writes them.
    static func mamconfLike() -> JUnitDocument {
        var document = JUnitFixtures.everyKind()
        let properties = [JUnitProperty(name: "requirements", value: "ENR-01,WIP-02"), JUnitProperty(name: "sdk.version", value: "21.7.1")]
        for s in document.suites.indices { document.suites[s].properties = properties }
        return document
    }

    static var reports: [Report] {
        let flaky = JUnitFixtures.everyKind().suites[0].cases.filter { !$0.attempts.isEmpty }
        return [
            Report(name: "passing.xml", document: single("passing", [JUnitCase(classname: "p", name: "1"), JUnitCase(classname: "p", name: "2")]), dialect: .standard),
            Report(name: "failing.xml", document: single("failing", [JUnitCase(classname: "f", name: "1", outcome: .failure(message: "m", type: "t", details: "d"))]), dialect: .standard),
            Report(name: "erroring.xml", document: single("erroring", [JUnitCase(classname: "e", name: "1", outcome: .error(message: "m", type: "t", details: "d"))]), dialect: .standard),
            Report(name: "skipped.xml", document: single("skipped", [JUnitCase(classname: "s", name: "1", outcome: .skipped(message: "why"))]), dialect: .standard),
            Report(name: "flaky.xml", document: single("flaky", flaky), dialect: .standard),
            Report(name: "every-kind.xml", document: JUnitFixtures.everyKind(), dialect: .standard),
            Report(name: "nasty.xml", document: JUnitFixtures.document(), dialect: .standard),
            Report(name: "mamconf-like.xml", document: mamconfLike(), dialect: .standard),
            Report(name: "github.xml", document: mamconfLike(), dialect: .github),
            Report(name: "ant.xml", document: mamconfLike(), dialect: .ant),
            Report(name: "junit-dir", document: mamconfLike(), dialect: .standard, directory: true),
            Report(name: "junit-dir-ant", document: mamconfLike(), dialect: .ant, directory: true),
        ]
    }

    @Test func junitparserAndXunitparserCountEveryKindOfReportAsTheModelDoes() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mamconf-pyreaders-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let reports = Self.reports
        var paths: [String] = []
        for report in reports {
            let url = directory.appendingPathComponent(report.name)
            if report.directory {
                try JUnitWriter.writeDirectory(report.document, to: url, dialect: report.dialect)
            } else {
                try JUnitWriter.write(report.document, to: url, dialect: report.dialect)
            }
            paths.append(url.path)
            if report.xunitparserNeedsOneSuitePerFile {
                let split = directory.appendingPathComponent(report.name + ".split")
                try JUnitWriter.writeDirectory(report.document, to: split, dialect: report.dialect)
                paths.append(split.path)
            }
        }

        let (status, output) = try await runCommand(["python3", Self.script] + paths)
        try #require(status == 0, """
            python3 with junitparser and xunitparser is needed for this test (make deps installs them: \
            python3 -m pip install junitparser xunitparser); exit \(status): \(output)
            """)
        let lines = try output.split(separator: "\n").map { try JSONDecoder().decode(Line.self, from: Data($0.utf8)) }
        try #require(lines.map(\.path) == paths, "\(output)")
        var next = 0

        for report in reports {
            let line = lines[next]
            next += 1
            let model = report.document
            let expected = Counts(tests: model.tests, failures: model.failures, errors: model.errors, skipped: model.skipped)
            let junitparser = try #require(line.junitparser.value, "junitparser could not read \(report.name): \(line.junitparser.error ?? "")")
            #expect(junitparser.counts == expected, "junitparser, \(report.name)")
            #expect(junitparser.attributeCounts == expected, "junitparser, the <testsuite> attributes of \(report.name)")
            let attempts = report.dialect != .ant
            #expect(junitparser.flaky == (attempts ? model.flakes : 0), "junitparser flaky cases, \(report.name)")
            let reruns = model.suites.flatMap(\.cases).count { !$0.attempts.isEmpty && $0.outcome != .passed }
            #expect(junitparser.rerun == (attempts ? reruns : 0), "junitparser rerun cases, \(report.name)")

            // xunitparser ignores the flaky and rerun elements: a flaky pass is a pass, a rerun failure a failure.
            var xunitparser = line.xunitparser
            if report.xunitparserNeedsOneSuitePerFile {
                let refusal = line.xunitparser.error ?? ""
                #expect(refusal.contains("parse_properties"), """
                    xunitparser used to refuse \(report.name) (suites sharing property names); if it reads it now, \
                    drop the --junit-dir advice for it from docs/reports.md: \(line.xunitparser.value.map { "\($0)" } ?? refusal)
                    """)
                xunitparser = lines[next].xunitparser
                next += 1
            }
            let counts = try #require(xunitparser.value, "xunitparser could not read \(report.name): \(xunitparser.error ?? "")")
            #expect(counts == expected, "xunitparser, \(report.name)")
        }
    }
}
