import Foundation
import JUnitXML
import TestSupport
import Testing

/// Apache Ant's `<junitreport>` is the reader the `ant` dialect is for. It takes only files whose root is a
/// `<testsuite>` and warns about (and drops) anything else, so this test runs the real task (Debian's `ant`
/// and `ant-optional`, which `make deps` installs) on a report with failures, errors and a skip, as one file
/// and as a `--junit-dir` directory, and checks the counts in the aggregate it writes. When Ant is missing
/// the test fails and says so; it does not skip.
@Suite("JUnit reports read by Apache Ant's junitreport")
struct JUnitAntReportTests {
    /// One build file, one JVM: each junitreport task aggregates one layout into its own folder.
    static let buildFile = """
        <project name="mamconf-junitreport" default="aggregate">
          <target name="aggregate">
            <mkdir dir="out/file"/>
            <junitreport todir="out/file"><fileset dir="file" includes="*.xml"/></junitreport>
            <mkdir dir="out/directory"/>
            <junitreport todir="out/directory"><fileset dir="directory" includes="TEST-*.xml"/></junitreport>
          </target>
        </project>
        """

    struct Counts: Equatable, CustomStringConvertible {
        var tests = 0
        var failures = 0
        var errors = 0
        var skipped = 0
        var description: String { "tests \(tests), failures \(failures), errors \(errors), skipped \(skipped)" }
    }

    /// What junitreport's aggregate says: the sums of its `<testsuite>` counters (which its HTML reports show),
    /// and the cases with each result element, which must agree with them.
    static func aggregated(_ path: String) throws -> (attributes: Counts, cases: Counts) {
        let root = try #require(XMLElement.parse(Data(contentsOf: URL(fileURLWithPath: path))), "\(path) is not XML")
        #expect(root.name == "testsuites")
        var attributes = Counts()
        var cases = Counts()
        for suite in root.children(named: "testsuite") {
            attributes.tests += Int(suite.attributes["tests"] ?? "") ?? 0
            attributes.failures += Int(suite.attributes["failures"] ?? "") ?? 0
            attributes.errors += Int(suite.attributes["errors"] ?? "") ?? 0
            attributes.skipped += Int(suite.attributes["skipped"] ?? "") ?? 0
            for testCase in suite.children(named: "testcase") {
                cases.tests += 1
                if testCase.child("failure") != nil { cases.failures += 1 }
                if testCase.child("error") != nil { cases.errors += 1 }
                if testCase.child("skipped") != nil { cases.skipped += 1 }
            }
        }
        return (attributes, cases)
    }

    @Test func junitreportAggregatesTheAntDialectAsOneFileAndAsADirectoryWithTheRightCounts() async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("mamconf-ant-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work.appendingPathComponent("file"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let document = JUnitFixtures.everyKind()
        try JUnitWriter.write(document, to: work.appendingPathComponent("file/junit.xml"), dialect: .ant)
        try JUnitWriter.writeDirectory(document, to: work.appendingPathComponent("directory"), dialect: .ant)
        try Data(Self.buildFile.utf8).write(to: work.appendingPathComponent("build.xml"))

        let (status, output) = try await runCommand(["ant", "-noinput", "-buildfile", work.appendingPathComponent("build.xml").path])
        try #require(status == 0, """
            Apache Ant with its optional tasks is needed for this test (make deps installs them: \
            apt-get install ant ant-optional); exit \(status): \(output)
            """)
        #expect(!output.contains("not a valid testsuite"), "junitreport refused a report: \(output)")
        let expected = Counts(tests: document.tests, failures: document.failures, errors: document.errors, skipped: document.skipped)
        #expect(expected == Counts(tests: 8, failures: 2, errors: 2, skipped: 1), "the fixture has every kind of result")
        for layout in ["file", "directory"] {
            let counts = try Self.aggregated(work.appendingPathComponent("out/\(layout)/TESTS-TestSuites.xml").path)
            #expect(counts.attributes == expected, "junitreport's counters, \(layout)")
            #expect(counts.cases == expected, "junitreport's cases, \(layout)")
        }
    }
}
