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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: InterruptionTests.mamconf)
        process.arguments = ["run", "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures,
                             "--suite", "policy-queries", "--junit", "\(folder)/junit.xml"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Read the first line (it comes when the first case ends), then close the pipe, as `head -1` would.
        try await offPool {
            _ = pipe.fileHandleForReading.readData(ofLength: 1)
            try pipe.fileHandleForReading.close()
            process.waitUntilExit()
        }
        #expect(process.terminationReason == .exit, "mamconf died of a signal")
        #expect(process.terminationStatus == 0)
        let report = try String(contentsOfFile: "\(folder)/junit.xml", encoding: .utf8)
        #expect(report.contains("</testsuites>"))
        #expect(report.components(separatedBy: "<testcase").count - 1 == 7)
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
