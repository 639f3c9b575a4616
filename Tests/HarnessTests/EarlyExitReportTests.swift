import Foundation
import JUnitXML
@testable import MamconfCLI
@testable import RunReporters
import Testing

/// Whatever ends a run before its first case, the report path afterwards holds this run's verdict: every planned
/// case as an error naming the cause, never an older run's report that a CI reader would publish as green.
@Suite struct EarlyExitReportTests {
    static let oneCase = ["--case", "enrollment/registered-accounts-lists-every-account"]

    /// A folder with what the rows name: `{dir}` in an argument stands for it.
    static func folder() throws -> String {
        let folder = NSTemporaryDirectory() + "mamconf-early-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: "\(folder)/empty", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: "\(folder)/invalid", withIntermediateDirectories: true)
        try "suite: broken\ncases: 3\n".write(toFile: "\(folder)/invalid/broken.yaml", atomically: true, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: "\(folder)/not-executable", contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o644])
        return folder
    }

    /// A passing report of an earlier run, as `mamconf run` writes it.
    static func writeStaleReport(to path: String) throws {
        let suite = JUnitSuite(name: "old-suite", cases: [JUnitCase(classname: "old-suite", name: "stale-case", outcome: .passed)])
        try JUnitWriter.write(JUnitDocument(name: "mamconf", suites: [suite]), to: URL(fileURLWithPath: path))
    }

    @Test(arguments: [
        ("an adapter that is not on PATH", oneCase + ["--", "no-such-adapter-xyz"], "no-such-adapter-xyz is not on PATH"),
        ("an adapter path that does not exist", oneCase + ["--", "./missing/host"], "./missing/host does not exist"),
        ("an adapter file that is not executable", oneCase + ["--", "{dir}/not-executable"], "not executable"),
        ("an adapter string with an open quote", oneCase + ["--adapter", "'host --flag"], "unterminated ' quote"),
        ("a missing tenant file", oneCase + ["--backend", "graph", "--tenant-file", "{dir}/no-tenant.yaml"], "{dir}/no-tenant.yaml"),
        ("a tenant file that is a folder", oneCase + ["--backend", "graph", "--tenant-file", "{dir}/empty"], "{dir}/empty"),
        ("a Graph run without a tenant file", oneCase + ["--backend", "graph"], "--tenant-file"),
        ("a tenant file without a Graph run", oneCase + ["--tenant-file", "{dir}/no-tenant.yaml"], "--tenant-file"),
        ("an infinite deadline scale", oneCase + ["--deadline-scale", "inf"], "--deadline-scale"),
        ("a deadline scale that is not a number", oneCase + ["--deadline-scale", "nan"], "--deadline-scale"),
        ("an absurd deadline scale", oneCase + ["--deadline-scale", "1e9"], "--deadline-scale"),
        ("an infinite step timeout", oneCase + ["--step-timeout", "inf"], "--step-timeout"),
        ("an absurd step timeout", oneCase + ["--step-timeout", "1e12"], "--step-timeout"),
        ("a negative step timeout", oneCase + ["--step-timeout=-1"], "--step-timeout"),
        ("an infinite registration wait", oneCase + ["--registration-wait", "inf"], "--registration-wait"),
        ("reruns without a cap", oneCase + ["--rerun-failures", "1000"], "--rerun-failures"),
        ("no jobs", oneCase + ["--jobs", "0"], "--jobs"),
        ("a restart budget of zero", oneCase + ["--restart-budget", "0"], "--restart-budget"),
        ("a shard that does not exist", oneCase + ["--shard", "5/4"], "shard 5 of 4 does not exist"),
        ("a shard total without a Job index", oneCase + ["--shard-total", "3"], "--shard-total needs JOB_COMPLETION_INDEX"),
        ("a missing expected-failures list", oneCase + ["--expected-failures", "{dir}/no-list.yaml"], "{dir}/no-list.yaml"),
        ("an expected-failures list that is a folder", oneCase + ["--expected-failures", "{dir}/empty"], "{dir}/empty"),
        ("a suite name that matches nothing", ["--suite", "no-such-suite"], "no suite 'no-such-suite'"),
        ("a case name that matches nothing", ["--case", "no-such-case"], "no case matches 'no-such-case'"),
        ("a suites folder without suites", ["--suites-dir", "{dir}/empty"], "{dir}/empty:1:1: no suite files (*.yaml) in this directory"),
        ("an invalid suite", ["--suites-dir", "{dir}/invalid"], "{dir}/invalid/broken.yaml"),
    ])
    func anEarlyExitLeavesThisRunsVerdictNeverAnOlderReport(what: String, arguments: [String], cause: String) async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = "\(folder)/junit.xml"
        try Self.writeStaleReport(to: report)
        let resolved = arguments.map { $0.replacingOccurrences(of: "{dir}", with: folder) }
        let code = await Mamconf.run(["run", "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures, "--junit", report] + resolved)
        #expect(code == 2, "\(what): exit \(code)")

        let document = try JUnitReader.read(path: report)
        let cases = document.suites.flatMap(\.cases)
        #expect(!cases.contains { $0.name == "stale-case" }, "\(what): the older run's report is still there")
        #expect(!cases.isEmpty, "\(what): an empty report reads as green")
        let named = cause.replacingOccurrences(of: "{dir}", with: folder)
        for testCase in cases {
            guard case .error(let message, _, let details) = testCase.outcome else {
                Issue.record("\(what): \(testCase.classname)/\(testCase.name) is \(testCase.outcome), not an error")
                continue
            }
            #expect(message.contains(named) || details.contains(named), "\(what): \(testCase.name) does not name the cause '\(named)': \(message)")
        }
    }

    @Test func aForeignFileAtTheReportPathIsReplacedOnlyByThisRunsReport() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = "\(folder)/junit.xml"
        try "notes of mine\n".write(toFile: report, atomically: true, encoding: .utf8)
        let code = await Mamconf.run(["run", "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures, "--junit", report]
                                     + Self.oneCase + ["--", "no-such-adapter-xyz"])
        #expect(code == 2)
        #expect(try JUnitReader.read(path: report).errors == 1, "replaced by the not-judged report, as a run replaces it")
    }

    @Test(arguments: [
        ("a report of an earlier run", true),
        ("a file mamconf did not write", false),
    ])
    func onlyAReportMamconfWroteIsEverRemoved(what: String, isReport: Bool) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/junit.xml"
        if isReport { try Self.writeStaleReport(to: path) } else { try "<testsuites name=\"mine\"/>\n".write(toFile: path, atomically: true, encoding: .utf8) }
        StaleReport.remove(at: path)
        #expect(FileManager.default.fileExists(atPath: path) == !isReport, "\(what)")
    }
}
