import Foundation
import MamconfCLI
import AdapterTransports
import Testing

/// How a user names the integration: a shell-like string or the words after `--`, the program found on PATH.
@Suite struct AdapterCommandTests {
    @Test(arguments: [
        ("host --flag", ["host", "--flag"]),
        ("  host   a  ", ["host", "a"]),
        ("'/opt/my host/run' --name 'two words'", ["/opt/my host/run", "--name", "two words"]),
        (#""/opt/my host/run" say\ hi "a \"q\"""#, ["/opt/my host/run", "say hi", #"a "q""#]),
        ("host ''", ["host", ""]),
    ])
    func commandLinesSplitAsAShellSplitsWords(text: String, words: [String]) throws {
        #expect(try AdapterCommand.split(text) == words)
    }

    @Test func anUnterminatedQuoteIsRefused() {
        #expect(throws: AdapterCommand.Problem.unterminatedQuote("'")) { try AdapterCommand.split("host 'oops") }
    }

    @Test func aProgramWithoutASlashIsFoundOnPath() throws {
        let command = try AdapterCommand(parsing: "python3 adapter.py")
        #expect(command.program.hasPrefix("/"), "\(command.program)")
        #expect(command.arguments == ["adapter.py"])
        #expect(throws: AdapterCommand.Problem.notFound("no-such-adapter-xyz")) { try AdapterCommand(parsing: "no-such-adapter-xyz") }
        #expect(throws: AdapterCommand.Problem.empty) { try AdapterCommand(parsing: "   ") }
    }

    @Test func aProgramWhosePathHasASpaceRunsWhenGivenAfterTheTerminator() async throws {
        let folder = NSTemporaryDirectory() + "mamconf host \(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let link = "\(folder)/reference adapter"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: try EndToEnd.referenceExecutable())
        let report = "\(folder)/junit.xml"
        let base = ["run", "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures, "--suite", "enrollment",
                    "--case", "registered-accounts-lists-every-account", "--junit", report]
        #expect(await Mamconf.run(base + ["--", link]) == 0)
        #expect(await Mamconf.run(base + ["--adapter", "'\(link)'"]) == 0)
        #expect(await Mamconf.run(base + ["--adapter", link]) == 2, "unquoted, the path splits and is not found")
    }
}

/// A `--junit` path that cannot be written ends the run before any case runs, with exit 2.
@Suite struct ReportPathTests {
    @Test(arguments: [NSTemporaryDirectory(), "", "/proc/version/report.xml"])
    func anUnwritableReportPathExitsTwoBeforeAnyCase(path: String) async throws {
        // The adapter leaves a mark when it is started: it must never be.
        let marker = NSTemporaryDirectory() + "mamconf-started-\(UUID().uuidString)"
        let code = await Mamconf.run(["run", "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures,
                                      "--junit", path, "--", "/usr/bin/env", "touch", marker])
        #expect(code == 2)
        #expect(!FileManager.default.fileExists(atPath: marker), "a case was started although the report cannot be written")
        try? FileManager.default.removeItem(atPath: marker)
    }
}
