@testable import AdapterTransports
import CSpawn
import ConformanceCore
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `--adapter-launch fork-server`: the reference starts once per run and forks each case. A case keeps everything an
/// exec'd adapter has (a process, pipes, data directory and process group of its own, its marker where /proc shows
/// its environment, how it ended), and whatever goes wrong with the server is a clear launch error.
@Suite(.serialized) struct ForkServerTests {
    private func server(_ command: [String]? = nil, readyDeadline: Duration = .seconds(60)) throws -> ForkServer {
        ForkServer(command: try command ?? [EndToEnd.referenceExecutable()], environment: AdapterEnvironment().variables(),
                   readyDeadline: readyDeadline)
    }

    private func dataDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "mamconf-fork-\(UUID().uuidString)/suite/case"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func spawn(_ server: ForkServer, _ directory: String) async throws -> ChildProcess {
        try await SpawnerThread.shared.run { try server.spawn(dataDirectory: directory) }
    }

    /// Field 4 of /proc/PID/stat: the parent's pid.
    private func parent(of pid: pid_t) throws -> pid_t {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = try #require(stat.split(separator: ")").last).split(separator: " ")
        return try #require(pid_t(fields[1]))
    }

    private func environment(of pid: pid_t) throws -> ArraySlice<UInt8> {
        ArraySlice(try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ")))
    }

    /// Waits, with a deadline, until `pid` is gone (a pidfd becomes readable when the process ends).
    private func isGone(_ pid: pid_t, within seconds: Int32 = 10) -> Bool {
        let fd = mamconf_pidfd_open(pid)
        guard fd >= 0 else { return errno == ESRCH }
        defer { close(fd) }
        var watched = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, seconds * 1000) == 1
    }

    @Test func eachCaseIsAProcessOfItsOwnWithItsMarkerForkedByOneServer() async throws {
        let server = try server()
        let (first, second) = (try dataDirectory(), try dataDirectory())
        let a = try await spawn(server, first)
        let b = try await spawn(server, second)
        #expect(a.pid != b.pid)
        let forker = try parent(of: a.pid)
        #expect(try parent(of: b.pid) == forker, "both cases come from the one server")
        #expect(forker != getpid(), "the server forks them, not mamconf")
        #expect(getpgid(a.pid) == a.pid && getpgid(b.pid) == b.pid, "each case leads a process group of its own")
        // What the exit sweep reads: the case's own marker, and not the other case's.
        let markerA = Array("\(AdapterEnvironment.dataDirectoryVariable)=\(first)".utf8) + [0]
        let markerB = Array("\(AdapterEnvironment.dataDirectoryVariable)=\(second)".utf8) + [0]
        #expect(ChildProcess.contains(try environment(of: a.pid), entry: markerA))
        #expect(!ChildProcess.contains(try environment(of: a.pid), entry: markerB))
        #expect(ChildProcess.contains(try environment(of: b.pid), entry: markerB))
        // End of input ends the reference with exit code 0, reported through the server.
        for child in [a, b] {
            close(child.stdinFD)
            let status = child.waitForExit(timeout: .seconds(30))
            #expect(status.map(ChildProcess.describe) == "exit code 0")
            close(child.stdoutFD); close(child.stderrFD)
        }
    }

    struct Ending: Sendable, CustomStringConvertible {
        var signal: Int32
        var byGroup: Bool
        var described: String
        var description: String { described }
    }

    static let endings = [
        Ending(signal: SIGSEGV, byGroup: false, described: "killed by signal 11 (SIGSEGV)"),
        Ending(signal: SIGABRT, byGroup: false, described: "killed by signal 6 (SIGABRT)"),
        Ending(signal: SIGKILL, byGroup: true, described: "killed by signal 9 (SIGKILL)"),
        Ending(signal: SIGTERM, byGroup: true, described: "killed by signal 15 (SIGTERM)"),
    ]

    /// A crash is the case's own and a kill of its group reaches it; the next case starts from the same server.
    @Test(arguments: endings)
    func aCaseEndsAsAnExecdOneWouldAndTheNextStarts(_ ending: Ending) async throws {
        let server = try server()
        let child = try await spawn(server, try dataDirectory())
        if ending.byGroup { child.killGroup(ending.signal) } else { kill(child.pid, ending.signal) }
        let status = child.waitForExit(timeout: .seconds(30))
        #expect(ChildProcess.describe(status) == ending.described)
        #expect((ChildProcess.crashDescription(status ?? 0) != nil) == [SIGSEGV, SIGABRT].contains(ending.signal))
        let next = try await spawn(server, try dataDirectory())
        #expect(try parent(of: next.pid) == parent(of: next.pid) && next.pid != child.pid)
        next.killGroup()
        #expect(next.waitForExit(timeout: .seconds(30)) != nil)
    }

    /// Its cases die with the server (their parent-death signal), are reported killed, and the next case gets a
    /// new server.
    @Test func aServerThatDiesTakesItsCasesAndIsStartedAgain() async throws {
        let server = try server()
        let child = try await spawn(server, try dataDirectory())
        let first = try parent(of: child.pid)
        kill(first, SIGKILL)
        #expect(ChildProcess.describe(child.waitForExit(timeout: .seconds(30))) == "killed by signal 9 (SIGKILL)")
        #expect(isGone(child.pid), "a case does not outlive its server")
        let next = try await spawn(server, try dataDirectory())
        let second = try parent(of: next.pid)
        #expect(second != first)
        next.killGroup()
        _ = next.waitForExit(timeout: .seconds(30))
    }

    /// A run that lets go of its factory while a case still runs (adapter-check makes a factory per case) keeps the
    /// server until that case ends; then the server goes too.
    @Test func aServerLetGoOfOutlivesItsRunningCaseAndThenEnds() async throws {
        var server: ForkServer? = try server()
        let child = try await spawn(try #require(server), try dataDirectory())
        let forker = try parent(of: child.pid)
        server = nil
        #expect(child.exitStatus == nil && !isGone(child.pid, within: 0), "the case must outlive the factory")
        close(child.stdinFD)
        #expect(ChildProcess.describe(child.waitForExit(timeout: .seconds(30))) == "exit code 0")
        #expect(isGone(forker), "the server ends once its last case has")
        close(child.stdoutFD); close(child.stderrFD)
    }

    struct Broken: Sendable, CustomStringConvertible {
        var name: String
        var script: String
        var readyDeadline: Duration
        var diagnostic: String
        var description: String { name }
    }

    /// Programs that do not serve forks: each is a launch error that says what happened, never a hang.
    static let broken = [
        Broken(name: "refuses the argument", script: "echo \"unknown argument '$1'\" >&2; exit 2", readyDeadline: .seconds(30),
               diagnostic: "it closed its end; it wrote: unknown argument '--fork-server'"),
        Broken(name: "never gets ready", script: "exec sleep 600", readyDeadline: .milliseconds(300),
               diagnostic: "no answer within"),
        Broken(name: "writes bytes that are no message", script: "printf 'garbage-bytes' >&0; exec sleep 600", readyDeadline: .seconds(30),
               diagnostic: "did not get ready"),
    ]

    @Test(arguments: broken)
    func aProgramThatServesNoForksIsAClearLaunchError(_ broken: Broken) async throws {
        let server = try server(["/bin/sh", "-c", broken.script, "sh"], readyDeadline: broken.readyDeadline)
        await #expect {
            _ = try await spawn(server, try dataDirectory())
        } throws: { error in
            "\(error)".contains(broken.diagnostic)
        }
    }

    /// A data directory longer than a path can be is refused before anything is forked.
    @Test func anOverlongDataDirectoryIsRefused() async throws {
        let server = try server()
        let long = "/" + String(repeating: "d", count: 5000)
        await #expect {
            _ = try await spawn(server, long)
        } throws: { error in
            "\(error)".contains(String(cString: strerror(ENAMETOOLONG)))
        }
    }

    /// All a case wrote on stderr once its input ends (the reference exits at end of input).
    private func stderrAfterEnd(of child: ChildProcess) -> String {
        close(child.stdinFD)
        var text = Data(), buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = read(child.stderrFD, &buffer, buffer.count), count > 0 { text.append(contentsOf: buffer[..<count]) }
        _ = child.waitForExit(timeout: .seconds(30))
        close(child.stdoutFD); close(child.stderrFD)
        return String(decoding: text, as: UTF8.self)
    }

    /// A mutation run's switches travel in the fork request: that case runs as if started with them, the next one
    /// without them is the clean reference again, and both come from the one server.
    @Test func aCasesOwnArgumentsReachItAndOnlyIt() async throws {
        let server = try server()
        let mutated = try await SpawnerThread.shared.run { [directory = try dataDirectory()] in
            try server.spawn(dataDirectory: directory, arguments: ["--mutant", "no-restart-request"])
        }
        let clean = try await spawn(server, try dataDirectory())
        #expect(try parent(of: mutated.pid) == parent(of: clean.pid))
        #expect(stderrAfterEnd(of: mutated).contains("mutant no-restart-request is on"))
        #expect(!stderrAfterEnd(of: clean).contains("is on"))
    }

    /// An argument the program refuses ends that case as its exec'd form would (usage, exit code 2), not the server.
    @Test func aCaseWithAnArgumentItsProgramRefusesExitsWithUsage() async throws {
        let server = try server()
        let refused = try await SpawnerThread.shared.run { [directory = try dataDirectory()] in
            try server.spawn(dataDirectory: directory, arguments: ["--no-such-option"])
        }
        #expect(stderrAfterEnd(of: refused).contains("no-such-option"))
        #expect(refused.waitForExit(timeout: .seconds(5)).map(ChildProcess.describe) == "exit code 2")
        let next = try await spawn(server, try dataDirectory())
        #expect(!stderrAfterEnd(of: next).contains("no-such-option"))
    }

    @Test func aRequestWithTooManyArgumentsIsRefusedBeforeAnythingIsForked() async throws {
        let server = try server()
        await #expect {
            _ = try await SpawnerThread.shared.run { [directory = try dataDirectory()] in
                try server.spawn(dataDirectory: directory, arguments: Array(repeating: "--x", count: ForkServer.argumentLimit + 1))
            }
        } throws: { error in
            "\(error)".contains(String(cString: strerror(E2BIG)))
        }
    }

    /// Factories that differ only in their appended words (a matrix's runs) fork their cases from one server.
    @Test func factoriesAppendingArgumentsShareOneServer() async throws {
        let base = StdioAdapterFactory(command: [try EndToEnd.referenceExecutable()], launch: .forkServer)
        let mutant = base.appending(["--mutant", "no-restart-request"])
        #expect(mutant.description.hasSuffix("mamconf-reference --mutant no-restart-request"))
        let first = try await base.start(dataDirectory: try dataDirectory(), handler: SilentHandler())
        let second = try await mutant.start(dataDirectory: try dataDirectory(), handler: SilentHandler())
        let pids = [first, second].compactMap { ($0 as? StdioAdapterSession)?.pid }
        #expect(pids.count == 2)
        #expect(Set(try pids.map(parent(of:))).count == 1, "one server forked both")
        for session in [first, second] { _ = await session.terminate(grace: .seconds(5)) }
    }

    /// `run` starts the server while it reads the suites: the first case is forked by a server that was already up.
    @Test func aServerStartedEarlyForksTheFirstCase() async throws {
        let factory = StdioAdapterFactory(command: [try EndToEnd.referenceExecutable()], launch: .forkServer)
        let before = try forkServers()
        factory.startServerEarly()
        // The spawner thread takes its work in order: once this returns, the early start has finished.
        try await SpawnerThread.shared.run {}
        let started = try forkServers().subtracting(before)
        #expect(!started.isEmpty, "a server is up before any case asked for one")
        let session = try await factory.start(dataDirectory: try dataDirectory(), handler: SilentHandler())
        let pid = try #require((session as? StdioAdapterSession)?.pid)
        #expect(started.contains(try parent(of: pid)), "the first case came from the server started early")
        _ = await session.terminate(grace: .seconds(5))
    }

    /// The benchmark's floor (`mamconf-floor`) serves forks too, so `make bench` sets the reference's default launch
    /// beside the same launch of the floor: each case is forked by the one server and answers from its recording.
    @Test func theFloorServesForksAndAnswersEachCaseFromItsRecording() async throws {
        let floor = URL(fileURLWithPath: try EndToEnd.referenceExecutable()).deletingLastPathComponent()
            .appendingPathComponent("mamconf-floor").path
        try #require(FileManager.default.isExecutableFile(atPath: floor), "mamconf-floor is built next to mamconf-reference")
        let recordings = NSTemporaryDirectory() + "mamconf-floor-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: recordings, withIntermediateDirectories: true)
        // What the reference said in its session for suite/case, recorded as record_adapter.py writes it.
        let recorded = """
            > {"id":1,"jsonrpc":"2.0","method":"initialize","params":{}}
            < {"jsonrpc":"2.0","method":"event.log","params":{"level":"info","message":"warm"}}
            < {"id":1,"jsonrpc":"2.0","result":{"recorded":true}}

            """
        try recorded.write(toFile: "\(recordings)/suite__case.1.jsonl", atomically: true, encoding: .utf8)
        let server = try server([floor, recordings])
        var forker: Set<pid_t> = []
        for _ in 0..<2 {
            let directory = try dataDirectory()
            let child = try await spawn(server, directory)
            forker.insert(try parent(of: child.pid))
            let request = #"{"id":7,"jsonrpc":"2.0","method":"initialize","params":{"dataDir":"\#(directory)"}}"# + "\n"
            #expect(write(child.stdinFD, request, request.utf8.count) == request.utf8.count)
            close(child.stdinFD)
            let status = child.waitForExit(timeout: .seconds(30))
            let answer = String(decoding: FileHandle(fileDescriptor: child.stdoutFD, closeOnDealloc: true).readDataToEndOfFile(), as: UTF8.self)
            close(child.stderrFD)
            #expect(status.map(ChildProcess.describe) == "exit code 0")
            #expect(answer == """
                {"jsonrpc":"2.0","method":"event.log","params":{"level":"info","message":"warm"}}
                {"id":7,"jsonrpc":"2.0","result":{"recorded":true}}

                """, "the recorded events, then the recorded answer under this request's id")
        }
        #expect(forker.count == 1 && !forker.contains(getpid()), "one server forked both cases")
    }

    /// This process's children that serve forks.
    private func forkServers() throws -> Set<pid_t> {
        let me = getpid()
        var found: Set<pid_t> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: "/proc") {
            guard let pid = pid_t(name), (try? parent(of: pid)) == me,
                  let arguments = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { continue }
            if arguments.split(separator: 0).contains(where: { String(decoding: $0, as: UTF8.self) == ForkServer.argument }) {
                found.insert(pid)
            }
        }
        return found
    }

    /// Every suite, through the fork server with two cases at a time, gives the clean reference's verdicts.
    @Test func everySuitePassesThroughTheForkServerAsThroughExec() async throws {
        let factory = StdioAdapterFactory(command: [try EndToEnd.referenceExecutable()], launch: .forkServer)
        let run = try await EndToEnd.run(try EndToEnd.loadSuites(), adapter: factory, jobs: 2)
        let cases = run.result.allCases
        #expect(cases.count > 100)
        for result in cases {
            let key = "\(result.suiteId)/\(result.caseId)"
            #expect(result.outcome.label == EndToEnd.cleanVerdict(key), "\(key): \(result.outcome)")
        }
    }
}
