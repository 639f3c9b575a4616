#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import JUnitXML
import Testing

/// Whole `mamconf run` processes against hostile adapters, in a sandbox folder that is their working
/// directory and their TMPDIR: each ends by itself with exit 1, leaves a report valid against the schemas,
/// no process behind, and no file in the sandbox but that report.
@Suite(.serialized) struct HostileRunSandboxTests {
    @Test(arguments: ["exit-after", "garbage-after", "stops-reading", "daemon", "huge-id", "closed-stdout"])
    func aHostileRunTouchesNothingButItsReport(mode: String) async throws {
        let sandbox = NSTemporaryDirectory() + "mamconf-sandbox-\(UUID().uuidString)"
        let state = NSTemporaryDirectory() + "mamconf-sandbox-state-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: "\(sandbox)/tmp", withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(atPath: sandbox)
            try? FileManager.default.removeItem(atPath: state)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = "\(sandbox)/tmp"
        let nothing = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(nothing) }
        let process = try await BackgroundProcess.start([
            InterruptionTests.mamconf,
            "run", "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures, "--junit", "report.xml",
            "--suite", "first-policy-application", "--case", "untargeted-account-stays-unmanaged", "--step-timeout", "6",
            "--", ProcessChecks.faultyAdapter, mode, "3", state, "1", "--", try EndToEnd.referenceExecutable(),
        ], environment: environment, directory: sandbox, stdin: nothing, stdout: nothing, stderr: nothing)
        // The run must end by itself: the bound only keeps a hang from holding the test suite (it is no speed check).
        guard let code = await process.exitCode(within: .seconds(600)) else {
            process.send(SIGKILL)
            Issue.record("\(mode): the run did not end by itself within 600 s")
            return
        }
        #expect(code == 1, "\(mode): exit \(code)")
        let xml = try Data(contentsOf: URL(fileURLWithPath: "\(sandbox)/report.xml"))
        #expect(try JUnitSchemaValidator(xsdPath: "\(Repository.schemas)/junit-10.xsd").validate(xml).isEmpty)
        let left = (FileManager.default.subpaths(atPath: sandbox) ?? []).sorted()
        #expect(left == ["report.xml", "tmp"], "\(mode): files left in the sandbox: \(left)")
        for pid in ProcessChecks.pids(in: state) {
            #expect(ProcessChecks.isGone(pid), "\(mode): process \(pid) survived")
        }
    }
}
