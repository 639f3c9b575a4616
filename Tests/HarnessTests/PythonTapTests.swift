#if canImport(Glibc)
import Glibc
#endif
import Backends
import CSpawn
import ConformanceCore
import Foundation
import JUnitXML
@testable import MamconfCLI
import MockMAMService
import AdapterTransports
import SuiteLoader
import Synchronization
import TestSupport
import Testing

/// examples/python-tap: a wire tap in Python between mamconf and any adapter forwards every byte unchanged, logs
/// every line with its time, and changes no verdict; over stdio, and listening or connecting over TCP.
@Suite(.serialized) struct PythonTapTests {
    static func folder() throws -> String {
        let folder = NSTemporaryDirectory() + "mamconf-tap-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Both directions of the wire as the runner saw them.
    final class Wire: Sendable {
        private let lines = Mutex<[(WireDirection, Data)]>([])
        var tap: WireTap { { [self] direction, line in lines.withLock { $0.append((direction, line)) } } }
        func sent(_ direction: WireDirection) -> [String] {
            lines.withLock { $0 }.filter { $0.0 == direction }.map { String(decoding: $0.1, as: UTF8.self) }
        }
    }

    /// `mamconf adapter-check` (its checks, in-process) with `command` as the adapter; the rows and what the
    /// runner sent and received.
    static func adapterCheck(_ command: [String]) async throws -> (rows: [AdapterCheck.Row], wire: Wire) {
        let (tenant, policies, errors) = SuiteLoader(fixturesDirectory: Repository.fixtures, catalog: nil)
            .fixtures(tenant: "contoso", policies: ["pin-required"])
        try #require(errors.isEmpty, "\(errors)")
        let wire = Wire()
        let rows = try await AdapterCheckTests.run(command, tenant: try #require(tenant), policies: policies, timeout: .seconds(10), tap: wire.tap, jobs: 1).rows
        return (rows, wire)
    }

    /// A line the runner sent or received as the tap's log shows it: `token`, `password` and `pin` members masked.
    static func masked(_ line: String) -> String {
        line.replacingOccurrences(of: #""(token|password|pin)":"(?:[^"\\]|\\.)*""#, with: "\"$1\":\"***\"", options: .regularExpression)
    }

    /// Checks that every request in the log (either side's) is answered once, after it, within its adapter's session.
    /// With `allowUnanswered`, a session may end with requests open (a relaunch cuts the connection: the runner sends
    /// them again on the next one).
    static func expectEachRequestBeforeItsAnswer(_ log: [TapLogLine], allowUnanswered: Bool = false) {
        var sessions: [[TapLogLine]] = [[]]
        for line in log {
            if line.kind == "connect" { sessions.append([]) }
            sessions[sessions.count - 1].append(line)
        }
        for session in sessions {
            var open: [String: Set<Int>] = [runnerToAdapter: [], adapterToRunner: []]
            for line in session where line.kind == runnerToAdapter || line.kind == adapterToRunner {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.text.utf8)) as? [String: Any] else {
                    Issue.record("not a JSON object: \(line.text.prefix(200))")
                    continue
                }
                guard let id = object["id"] as? Int else { continue }
                let other = line.kind == runnerToAdapter ? adapterToRunner : runnerToAdapter
                if object["method"] != nil {
                    #expect(open[line.kind]!.insert(id).inserted, "request id \(id) sent twice: \(line)")
                } else {
                    #expect(open[other]!.remove(id) != nil, "an answer to no open request: \(line)")
                }
            }
            // Id 0 is the runner's farewell shutdown, which may reach an adapter that already exited.
            open[runnerToAdapter]!.remove(0)
            #expect(allowUnanswered || open[runnerToAdapter]!.isEmpty && open[adapterToRunner]!.isEmpty, "requests never answered: \(open)")
        }
    }

    static let runnerToAdapter = "runner→adapter"
    static let adapterToRunner = "adapter→runner"

    // MARK: stdio

    @Test func adapterCheckPassesThroughTheTapWhoseLogHoldsEveryLineAsTheRunnerSentAndReceivedIt() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = "\(folder)/tap.log"
        let (rows, wire) = try await Self.adapterCheck(PythonTap.command(log: log, ["--", try EndToEnd.referenceExecutable()]))
        #expect(rows.map(\.name) == AdapterCheck.rows.map(\.name))
        for row in rows { #expect(row.passed, "\(row.name): \(row.detail)") }

        let lines = try TapLogLine.read(log)
        #expect(lines.map(\.time) == lines.map(\.time).sorted(), "times never go backwards")
        #expect(lines.first?.kind == "connect", "\(lines.first.map(String.init(describing:)) ?? "empty log")")
        Self.expectEachRequestBeforeItsAnswer(lines)
        // The runner's farewell shutdown (id 0) to an adapter that already exited is written into a closed pipe.
        let farewell = #"{"id":0,"jsonrpc":"2.0","method":"shutdown","params":{}}"#
        #expect(lines.filter { $0.kind == Self.runnerToAdapter }.map(\.text).filter { $0 != farewell }
                == wire.sent(.toIntegration).map(Self.masked).filter { $0 != farewell })
        #expect(lines.filter { $0.kind == Self.adapterToRunner }.map(\.text) == wire.sent(.fromIntegration).map(Self.masked))
        #expect(lines.contains { $0.kind == Self.runnerToAdapter && $0.text.utf8.count > 1_000_000 }, "the 1 MiB request is logged whole")
        #expect(lines.contains { $0.text.contains("Grüße 日本 🎉.txt") }, "non-ASCII text is logged as it is")
    }

    @Test func everySuiteGetsTheSameVerdictsThroughTheTap() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let reference = try EndToEnd.referenceExecutable()
        let log = "\(folder)/tap.log"
        func verdicts(_ adapter: [String], _ name: String) async throws -> [String: String] {
            let run = try await runCommand([
                InterruptionTests.mamconf, "run", "--suites-dir", Repository.suites, "--fixtures-dir", Repository.fixtures,
                "--junit", "\(folder)/\(name).xml", "--",
            ] + adapter)
            #expect(run.status == 0, "\(name): \(runProblems(run.output))")
            let cases = try JUnitReader.read(path: "\(folder)/\(name).xml").suites.flatMap(\.cases)
            return Dictionary(uniqueKeysWithValues: cases.map { item in
                let verdict: String
                switch item.outcome {
                case .passed: verdict = "passed"
                case .failure: verdict = "failed"
                case .error: verdict = "error"
                case .skipped: verdict = "skipped"
                }
                return ("\(item.classname)/\(item.name)", verdict)
            })
        }
        // Without the tap: the shared clean run of every suite, in the same words as the JUnit verdicts.
        let without = Dictionary(uniqueKeysWithValues: try await EndToEnd.cleanRun.value.result.allCases.map { item in
            ("\(item.suiteId)/\(item.caseId)", item.outcome.label == "errored" ? "error" : item.outcome.label)
        })
        let through = try await verdicts(PythonTap.command(log: log, ["--", reference]), "through")
        #expect(without.count == (try EndToEnd.loadSuites().flatMap(\.cases).count))
        #expect(through == without)
        let lines = try TapLogLine.read(log)
        #expect(lines.filter { $0.kind == "connect" }.count >= without.filter { $0.value != "skipped" }.count,
                "each case that runs starts an adapter behind the tap")
        #expect(lines.filter { $0.kind == "exit" }.allSatisfy { $0.text == "0 (adapter exited with code 0)" })
    }

    @Test func theTapForwardsAnyBytesUnchangedAndLogsEachLine() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = "\(folder)/tap.log"
        let large = Data(#"{"jsonrpc":"2.0","method":"log","params":{"message":""#.utf8) + Data(repeating: 0x78, count: 1 << 20) + Data(#""}}"#.utf8)
        var input = large + Data("\n".utf8)
        input += Data(#"{"jsonrpc":"2.0","id":7,"result":{"name":"Grüße 日本 🎉"}}"#.utf8 + [0x0A])
        input += Data([0x6E, 0x6F, 0xFF, 0xFE, 0x01, 0x1B, 0x0A])  // not JSON: "no", bytes that are not UTF-8, controls
        input += Data(#"{"partial":"#.utf8)  // the last line has no newline
        let run = try await TestProcess.run(PythonTap.command(log: log, ["--", "cat"]), input: input)
        #expect(run.status == 0)
        #expect(run.output == input, "forwarded \(run.output.count) bytes of \(input.count)")

        let lines = try TapLogLine.read(log)
        #expect(lines.first?.kind == "connect")
        for kind in [Self.runnerToAdapter, Self.adapterToRunner] {
            let texts = lines.filter { $0.kind == kind }.map(\.text)
            #expect(texts == [String(decoding: large, as: UTF8.self), #"{"jsonrpc":"2.0","id":7,"result":{"name":"Grüße 日本 🎉"}}"#,
                              #"(not JSON) no\xff\xfe\x01\x1b"#, #"(no newline at end) (not JSON) {"partial":"#], "\(kind)")
        }
        #expect(lines.last?.text == "0 (adapter exited with code 0)")
    }

    @Test(arguments: [
        ("exit 7", Int32(7), "7 (adapter exited with code 7)"),
        ("kill -SEGV $$", Int32(139), "139 (adapter killed by signal 11, SIGSEGV)"),
    ])
    func theTapExitsWithItsAdaptersStatus(script: String, status: Int32, logged: String) async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = "\(folder)/tap.log"
        let run = try await TestProcess.run(PythonTap.command(log: log, ["--", "/bin/sh", "-c", script]), input: Data())
        #expect(run.status == status)
        let last = try TapLogLine.read(log).last
        #expect(last?.kind == "exit")
        #expect(last?.text == logged)
    }

    @Test func argumentsMamconfAppendsReachTheAdapterBehindTheTap() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let reference = try EndToEnd.referenceExecutable()
        // `mamconf mutants` adds --list-mutants (and later --mutant NAME) after the adapter's words: after the tap's `--`.
        let direct = try await runCommand([reference, "--list-mutants"], mergingStandardError: false)
        let tapped = try await runCommand(PythonTap.command(log: "\(folder)/tap.log", ["--", reference, "--list-mutants"]), mergingStandardError: false)
        #expect(tapped.status == 0)
        #expect(tapped.output == direct.output)
        #expect(direct.output.split(separator: "\n").count > 3, "the reference lists its mutants: \(direct.output)")
    }

    @Test func anAdapterThatCrashesBehindTheTapMakesItsCaseAnError() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let state = "\(folder)/state"
        let log = "\(folder)/tap.log"
        let suites = try EndToEnd.loadSuites(caseIDs: BrokenAdapterTests.caseIDs)
        // The second adapter start (the second case) dies of SIGSEGV after three messages.
        let command = PythonTap.command(log: log, ["--", ProcessChecks.faultyAdapter, "crash-segv", "3", state, "2", "--", try EndToEnd.referenceExecutable()])
        let run = try await EndToEnd.run(suites, command: command, stepTimeout: .seconds(6), deadlineScale: 1)
        let cases = run.result.allCases
        try #require(cases.count == 2, "\(cases.map(\.caseId))")
        #expect(cases[0].outcome.label == "passed", "\(cases[0].outcome)")
        guard case .errored(let error, _) = cases[1].outcome else {
            Issue.record("the crashed case should be an error, got \(cases[1].outcome)")
            return
        }
        #expect(error.isIntegrationFault, "\(error.kind)")
        #expect((error.description + cases[1].transcript.joined(separator: "\n")).contains("exit code 139"), "\(error)")
        #expect(try TapLogLine.read(log).contains { $0.kind == "exit" && $0.text == "139 (adapter killed by signal 11, SIGSEGV)" })
        for pid in ProcessChecks.pids(in: state) {
            #expect(ProcessChecks.isGone(pid), "process \(pid) behind the tap is still running")
        }
    }

    enum Ending: String, CaseIterable, Sendable {
        case sigterm, sigint, sigkill, endOfInput
    }

    @Test(arguments: Ending.allCases)
    func theTapTakesItsAdapterDownWithIt(_ ending: Ending) async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = "\(folder)/tap.log"
        // An adapter that says its pid, never reads, and never exits by itself.
        let command = PythonTap.command(log: log, ["--grace", "0.5", "--", "/bin/sh", "-c", "echo $$; exec sleep 300"])
        let (child, status, adapterEnded) = try await offPool { () -> (Int32?, Int32?, Bool) in
            let tap = try TestProcess(command)
            let said = tap.read(seconds: 30) { $0.contains(0x0A) }.output
            guard let child = Int32(String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
                return (nil, tap.wait(seconds: 1).status, false)
            }
            // Readable once the adapter has ended, also when it is not this process's child.
            let adapter = mamconf_pidfd_open(child)
            defer { close(adapter) }
            switch ending {
            case .sigterm: kill(tap.pid, SIGTERM)
            case .sigint: kill(tap.pid, SIGINT)
            case .sigkill: kill(tap.pid, SIGKILL)
            case .endOfInput: tap.closeInput()
            }
            let status = tap.wait(seconds: 30).status
            var ready = pollfd(fd: adapter, events: Int16(POLLIN), revents: 0)
            return (child, status, poll(&ready, 1, 10_000) == 1)
        }
        _ = try #require(child, "the adapter did not say its pid")
        #expect(adapterEnded, "the adapter outlived the tap")
        let expected: Int32 = [.sigint: 130, .sigkill: 137][ending] ?? 143
        #expect(status == expected)
        if ending == .sigkill { return }  // no last words
        let lines = try TapLogLine.read(log)
        #expect(lines.last?.kind == "exit")
        if ending == .endOfInput {
            #expect(lines.contains { $0.text == "adapter still running 0.5 s after its input ended: SIGTERM" })
            #expect(lines.last?.text == "143 (adapter killed by signal 15, SIGTERM)")
        } else {
            let name = ending == .sigint ? "SIGINT" : "SIGTERM"
            #expect(lines.last?.text.hasPrefix("\(expected) (tap got \(name); adapter killed by signal") == true, "\(lines.last?.text ?? "")")
        }
    }

    @Test func theLogMasksSecretsWhichTheAdapterStillReceives() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = "\(folder)/tap.log"
        let input = Data("""
            {"jsonrpc":"2.0","id":1,"method":"hello","params":{"protocolVersion":"1","token":"tok-9f2c41"}}
            {"jsonrpc":"2.0","id":2,"method":"app.signIn","params":{"upn":"alice@contoso.example","password":"pw-77e1a0"}}
            {"jsonrpc":"2.0","id":3,"result":{"pin":"pin-5521"}}
            {"jsonrpc":"2.0","id":4,"method":"hello","params":{"token":"tok-broken-0b7d"}

            """.utf8)
        let run = try await TestProcess.run(PythonTap.command(log: log, ["--", "cat"]), input: input)
        #expect(run.status == 0)
        #expect(run.output == input, "the adapter gets the secrets unchanged")
        let text = try String(contentsOfFile: log, encoding: .utf8)
        for secret in ["tok-9f2c41", "pw-77e1a0", "pin-5521", "tok-broken-0b7d"] {
            #expect(!text.contains(secret), "\(secret) is in the log")
        }
        let runner = try TapLogLine.read(log).filter { $0.kind == Self.runnerToAdapter }.map(\.text)
        #expect(runner == [
            #"{"jsonrpc":"2.0","id":1,"method":"hello","params":{"protocolVersion":"1","token":"***"}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"app.signIn","params":{"upn":"alice@contoso.example","password":"***"}}"#,
            #"{"jsonrpc":"2.0","id":3,"result":{"pin":"***"}}"#,
            #"(not JSON) {"jsonrpc":"2.0","id":4,"method":"hello","params":{"token":"***"}"#,
        ])
    }

    @Test func theHelpAndTheReadmeNameTheSameOptions() async throws {
        let help = try await runCommand(["python3", PythonTap.script, "--help"], mergingStandardError: false)
        #expect(help.status == 0)
        let readme = try String(contentsOfFile: "\(Repository.root)/examples/python-tap/README.md", encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## Options\n").last)
        let pattern = try Regex(#"--[a-z][a-z-]+"#)
        func options(_ text: String) -> Set<String> { Set(text.matches(of: pattern).map { String(text[$0.range]) }) }
        #expect(options(help.output).subtracting(["--help"]) == options(section))
        #expect(options(section).isSuperset(of: ["--log", "--upstream", "--listen", "--grace", "--connect-timeout", "--max-logged-line"]))
    }

    // MARK: TCP

    @Test func theListeningTapGivesEachConnectionAnUpstreamConnectionOfItsOwn() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = Data(#"{"jsonrpc":"2.0","id":1,"method":"hello","params":{"protocolVersion":"1","token":"tok-5e0a"}}"#.utf8 + [0x0A])
            + Data(#"{"jsonrpc":"2.0","method":"log","params":{"message":"Grüße 日本 🎉"}}"#.utf8 + [0x0A])
            + Data(repeating: 0x79, count: 300_000) + Data([0xFF, 0x0A]) + Data("no newline".utf8)
        // A byte-exact echo server: `cat` for every connection.
        let echo = try await ListeningHost.start(["python3", PythonTap.execServer, "--", "cat"])
        defer { Task { await echo.stop() } }
        let tap = try await ListeningHost.start(
            PythonTap.command(log: "\(folder)/listening.log", ["--listen", "0", "--upstream", "tcp://127.0.0.1:\(echo.port)"]))
        defer { Task { await tap.stop() } }
        #expect(tap.stderr.first == "listening on 127.0.0.1:\(tap.port)")
        // The runner's side: the tap again, as a stdio adapter connecting to the listening tap; two sessions.
        for session in 1...2 {
            let client = PythonTap.command(log: "\(folder)/client.log", ["--upstream", "tcp://127.0.0.1:\(tap.port)"])
            let run = try await TestProcess.run(client, input: input)
            #expect(run.status == 0, "session \(session)")
            #expect(run.output == input, "session \(session): \(run.output.count) bytes came back of \(input.count)")
        }
        // The client ends when its upstream's output ends; the listening tap logs the session's end a moment later.
        let log = "\(folder)/listening.log"
        #expect(await offPool { TapLogLine.waitFor(2, "close", endingWith: ": session ended", in: log, within: 10) })
        tap.kill(SIGTERM)
        #expect(await tap.waitForExit(within: 10))
        let expected = [
            #"{"jsonrpc":"2.0","id":1,"method":"hello","params":{"protocolVersion":"1","token":"***"}}"#,
            #"{"jsonrpc":"2.0","method":"log","params":{"message":"Grüße 日本 🎉"}}"#,
            "(not JSON) " + String(repeating: "y", count: 300_000) + #"\xff"#,
            "(no newline at end) (not JSON) no newline",
        ]
        let listening = try TapLogLine.read("\(folder)/listening.log")
        #expect(listening.first?.kind == "listen")
        #expect(listening.filter { $0.kind == "connect" }.count == 2)
        #expect(listening.filter { $0.kind == "close" && $0.text.hasSuffix(": session ended") }.count == 2)
        #expect(listening.filter { $0.kind == Self.runnerToAdapter }.map(\.text) == expected + expected)
        #expect(listening.filter { $0.kind == Self.adapterToRunner }.map(\.text) == expected + expected)
        #expect(listening.last?.text == "143 (tap got SIGTERM)")
        let client = try TapLogLine.read("\(folder)/client.log")
        #expect(client.filter { $0.kind == "exit" }.map(\.text) == ["0 (upstream closed)", "0 (upstream closed)"])
        #expect(client.filter { $0.kind == Self.adapterToRunner }.map(\.text) == expected + expected)
    }

    @Test func aRefusedUpstreamClosesTheRunnersConnectionAtOnce() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A port nothing listens on: taken, then given back.
        let free = try await runCommand(["python3", "-c", "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"])
        let port = try #require(Int(free.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        let listening = PythonTap.command(log: "\(folder)/listening.log", ["--listen", "127.0.0.1:0", "--upstream", "tcp://127.0.0.1:\(port)"])
        let tap = try await ListeningHost.start(listening)
        defer { Task { await tap.stop() } }
        for _ in 1...2 {
            // The runner's side keeps its input open and waits much longer than the tap's grace: only the listening
            // tap closing the connection can end it.
            let client = PythonTap.command(log: "\(folder)/client.log", ["--grace", "60", "--upstream", "tcp://127.0.0.1:\(tap.port)"])
            let (status, seconds) = try await offPool { () -> (Int32?, Double) in
                let started = Date()
                let process = try TestProcess(client)
                let status = process.wait(seconds: 20).status
                return (status, Date().timeIntervalSince(started))
            }
            #expect(status == 0, "the connection was not closed")
            #expect(seconds < 10, "closed only after \(seconds) s")
        }
        let lines = try TapLogLine.read("\(folder)/listening.log")
        let refusals = lines.filter { $0.kind == "close" && $0.text.hasSuffix("upstream 127.0.0.1:\(port): Connection refused; closing the runner's connection") }
        #expect(refusals.count == 2, "\(lines)")
        #expect(!lines.contains { $0.kind == "connect" })
    }

    @Test func adapterCheckPassesThroughBothTCPModesOfTheTap() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let reference = try EndToEnd.referenceExecutable()
        // runner → tap (stdio → TCP) → tap (TCP → TCP) → the reference, served over TCP one process per connection.
        let host = try await ListeningHost.start(["python3", PythonTap.execServer, "--", reference])
        defer { Task { await host.stop() } }
        let tap = try await ListeningHost.start(
            PythonTap.command(log: "\(folder)/listening.log", ["--listen", "0", "--upstream", "tcp://127.0.0.1:\(host.port)"]))
        defer { Task { await tap.stop() } }
        let (rows, wire) = try await Self.adapterCheck(PythonTap.command(log: "\(folder)/client.log", ["--upstream", "tcp://127.0.0.1:\(tap.port)"]))
        for row in rows { #expect(row.passed, "\(row.name): \(row.detail)") }
        #expect(rows.count == AdapterCheck.rows.count)
        let lines = try TapLogLine.read("\(folder)/listening.log")
        Self.expectEachRequestBeforeItsAnswer(lines)
        #expect(lines.filter { $0.kind == Self.adapterToRunner }.map(\.text) == wire.sent(.fromIntegration).map(Self.masked))
    }

    // MARK: The network transport through the tap

    @Test func everySuiteGetsTheSameVerdictsOverTCPThroughTheListeningTap() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let host = try await ListeningHost.reference()
        defer { Task { await host.stop() } }
        let log = "\(folder)/tap.log"
        let tap = try await ListeningHost.start(PythonTap.command(log: log, ["--listen", "0", "--upstream", host.address]))
        defer { Task { await tap.stop() } }
        func verdicts(_ port: UInt16) async throws -> [String: String] {
            let adapter = NetworkAdapterFactory(address: AdapterAddress(host: "127.0.0.1", port: port))
            let run = try await EndToEnd.run(try EndToEnd.loadSuites(), adapter: adapter)
            return Dictionary(uniqueKeysWithValues: run.result.allCases.map { ("\($0.suiteId)/\($0.caseId)", $0.outcome.label) })
        }
        let direct = try await verdicts(host.port)
        let through = try await verdicts(tap.port)
        #expect(direct.count == (try EndToEnd.loadSuites().flatMap(\.cases).count))
        #expect(through == direct, "\(through.filter { direct[$0.key] != $0.value })")

        let lines = try TapLogLine.read(log)
        #expect(lines.filter { $0.kind == "connect" }.count >= direct.count, "one connection per case at least")
        // A relaunch closes the host's connection; the runner's reconnects that come before the relaunched host
        // listens are closed by the tap at once, and the runner tries again.
        #expect(lines.contains { $0.kind == Self.adapterToRunner && $0.text.contains(#""method":"host.relaunching""#) })
        Self.expectEachRequestBeforeItsAnswer(lines, allowUnanswered: true)
    }

    @Test func adapterCheckPassesOverTCPThroughTheListeningTapWhoseLogMasksTheToken() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let token = "opal-7741-lantern"
        let host = try await ListeningHost.reference(["--adapter-token", token])
        defer { Task { await host.stop() } }
        let log = "\(folder)/tap.log"
        let tap = try await ListeningHost.start(PythonTap.command(log: log, ["--listen", "0", "--upstream", host.address]))
        defer { Task { await tap.stop() } }
        let check = try await runCommand(["env", "MAMCONF_ADAPTER_TOKEN=\(token)", InterruptionTests.mamconf, "adapter-check",
                                          "--fixtures-dir", Repository.fixtures, "--adapter", "tcp://127.0.0.1:\(tap.port)"])
        #expect(check.status == 0, "\(check.output)")
        #expect(!check.output.contains("FAIL"), "\(check.output)")
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(!text.contains(token), "the token is in the log")
        let hellos = try TapLogLine.read(log).filter { $0.kind == Self.runnerToAdapter && $0.text.contains(#""method":"hello""#) }
        #expect(!hellos.isEmpty && hellos.allSatisfy { $0.text.contains(#""token":"***""#) }, "\(hellos)")
    }
}
