import Foundation
import JUnitXML
import TestSupport
import Testing

/// Never green without a verdict: when nothing could be judged the report still lists every planned case, each
/// an error with its cause, so every CI reader shows a failing check and not an empty, green report.
@Suite struct VerdictReportTests {
    static func folder() throws -> String {
        let folder = NSTemporaryDirectory() + "mamconf-verdict-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    static func cases(in report: String) -> [String] {
        report.components(separatedBy: "<testcase ").dropFirst().map { String($0.prefix { $0 != ">" }) }
    }

    static func validate(_ path: String) throws {
        let xml = try Data(contentsOf: URL(fileURLWithPath: path))
        for schema in ["junit-10.xsd", "jenkins-junit.xsd"] {
            #expect(try JUnitSchemaValidator(xsdPath: "\(Repository.schemas)/\(schema)").validate(xml).isEmpty, "\(schema)")
        }
    }

    @Test func anAdapterThatCannotStartGivesEveryPlannedCaseAsAnErrorWithItsStderr() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let adapter = "\(folder)/crash.sh"
        try "#!/bin/sh\necho 'fatal: no SDK configuration in Info.plist' >&2\nexit 3\n".write(toFile: adapter, atomically: true, encoding: .utf8)
        chmod(adapter, 0o755)
        let run = try await runCommand([
            InterruptionTests.mamconf, "run", "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures,
            "--suite", "policy-queries", "--adapter", adapter, "--junit", "\(folder)/junit.xml",
        ])
        #expect(run.status == 2)
        #expect(run.output.contains("fatal: no SDK configuration in Info.plist"), "the console shows the adapter's last words: \(run.output)")
        let report = try String(contentsOfFile: "\(folder)/junit.xml", encoding: .utf8)
        let planned = try EndToEnd.loadSuites(suiteIDs: ["policy-queries"]).flatMap(\.cases)
        let cases = Self.cases(in: report)
        #expect(cases.count == planned.count)
        #expect(report.contains("errors=\"\(planned.count)\""))
        #expect(report.contains("type=\"AdapterUnusable\""), "the first case names the cause")
        #expect(report.contains("<system-err>fatal: no SDK configuration in Info.plist</system-err>"), "its stderr is the case's system-err")
        #expect(report.components(separatedBy: "type=\"NotRun\"").count - 1 == planned.count - 1, "the others are errors saying why they did not run")
        try Self.validate("\(folder)/junit.xml")
    }

    @Test func anInvalidSuiteGivesAReportWithTheFileAndEveryPlannedCaseAsErrors() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let suites = "\(folder)/Suites"
        try FileManager.default.createDirectory(atPath: suites, withIntermediateDirectories: true)
        for name in ["requirements.yaml", "policy-queries.yaml"] {
            try FileManager.default.copyItem(atPath: "\(Repository.suites)/\(name)", toPath: "\(suites)/\(name)")
        }
        try "id: broken\ntitle: x\ncases: [\n".write(toFile: "\(suites)/zz-broken.yaml", atomically: true, encoding: .utf8)
        let run = try await runCommand([
            InterruptionTests.mamconf, "run", "--suites-dir", suites, "--fixtures-dir", Repository.fixtures, "--junit", "\(folder)/junit.xml",
        ])
        #expect(run.status == 2)
        #expect(run.output.contains("zz-broken.yaml:4:1: YAML syntax error"), "\(run.output)")
        let report = try String(contentsOfFile: "\(folder)/junit.xml", encoding: .utf8)
        let planned = try EndToEnd.loadSuites(suiteIDs: ["policy-queries"]).flatMap(\.cases)
        #expect(Self.cases(in: report).count == planned.count + 1)
        #expect(report.contains("type=\"InvalidSuite\""))
        #expect(report.contains("zz-broken.yaml:4:1: YAML syntax error"))
        #expect(!report.contains("errors=\"0\""), "no suite in the report may look green")
        try Self.validate("\(folder)/junit.xml")
    }
}
