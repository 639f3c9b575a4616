import Foundation
import TestSupport
@testable import MamconfCLI
import Testing

/// `mamconf run | head`: the reader goes away after a few lines. The run goes on quietly, writes its report,
/// and exits with its verdict, no crash.
@Suite(.serialized) struct ConsolePipeTests {
    @Test func aClosedConsoleNeitherCrashesTheRunNorLosesTheReport() async throws {
        let folder = NSTemporaryDirectory() + "mamconf-pipe-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pipe = Pipe()
        let nothing = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(nothing) }
        let process = try await BackgroundProcess.start(
            [InterruptionTests.mamconf, "run", "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures,
             "--suite", "policy-queries", "--junit", "\(folder)/junit.xml"],
            stdin: nothing, stdout: pipe.fileHandleForWriting.fileDescriptor, stderr: nothing)
        try pipe.fileHandleForWriting.close()
        // Read the first line (it comes when the first case ends), then close the pipe, as `head -1` would.
        try await offPool {
            var byte: UInt8 = 0
            while read(pipe.fileHandleForReading.fileDescriptor, &byte, 1) < 0 && errno == EINTR {}
            try pipe.fileHandleForReading.close()
        }
        let code = await process.exitCode()
        #expect(code < 128, "mamconf died of signal \(code - 128)")
        #expect(code == 0)
        let report = try String(contentsOfFile: "\(folder)/junit.xml", encoding: .utf8)
        #expect(report.contains("</testsuites>"))
        let suite = try String(contentsOfFile: "\(Repository.suites)/policy-queries.yaml", encoding: .utf8)
        let cases = suite.components(separatedBy: "\n").filter { $0.hasPrefix("  - id: ") }.count
        #expect(cases > 0)
        #expect(report.components(separatedBy: "<testcase").count - 1 == cases)
    }
}

/// Small things a new user meets first.
@Suite struct NewUserTests {
    @Test func fromAnotherFolderTheFixturesBesideTheSuitesAreFound() throws {
        let options = try SuiteOptions.parse(["--suites-dir", Repository.suites])
        #expect(options.fixturesDirectory == Repository.fixtures)
        let explicit = try SuiteOptions.parse(["--suites-dir", Repository.suites, "--fixtures-dir", "/elsewhere"])
        #expect(explicit.fixturesDirectory == "/elsewhere")
    }

    @Test func failOnSkipMakesAGateRefuseSkippedCases() async throws {
        let report = NSTemporaryDirectory() + "mamconf-skip-\(UUID().uuidString).xml"
        defer { try? FileManager.default.removeItem(atPath: report) }
        let reference = try EndToEnd.referenceExecutable()
        let base = ["run", "--suites-dir", Repository.suites, "--suite", "policy-queries", "--junit", report]
        let adapter = ["--", reference, "--disable-capability", "policy.queries"]
        #expect(await Mamconf.run(base + adapter) == 0, "skips pass a gate by default")
        #expect(await Mamconf.run(base + ["--fail-on-skip"] + adapter) == 1)
    }
}
