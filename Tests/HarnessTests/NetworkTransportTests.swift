#if canImport(Glibc)
import Glibc
#endif
import AdapterKit
import AdapterProtocol
import ConformanceCore
import Foundation
import SuiteLoader
import Synchronization
import TestSupport
import Testing
@testable import AdapterTransports

/// The network transport end to end: `mamconf-reference --listen` serves every suite over TCP with the same
/// verdicts as over stdio, in any case order (so no case leans on its predecessor), restarts end the host's
/// process and the runner reconnects, and a host that dies, refuses or cannot isolate cases is reported, never
/// waited for.
@Suite(.serialized) struct NetworkTransportTests {
    static func verdicts(_ result: RunResult) -> [String: String] {
        Dictionary(uniqueKeysWithValues: result.suites.flatMap(\.cases).map { ("\($0.suiteId)/\($0.caseId)", $0.outcome.label) })
    }

    static func network(_ host: ListeningHost, token: String? = nil, relaunch: Duration = .seconds(30)) -> NetworkAdapterFactory {
        NetworkAdapterFactory(address: AdapterAddress(host: "127.0.0.1", port: host.port), token: token,
                              deadlines: .init(connect: .seconds(10), handshake: .seconds(10), relaunch: relaunch))
    }

    @Test func everySuitePassesOverTCPWithTheVerdictsOfStdioInEitherCaseOrder() async throws {
        let suites = try EndToEnd.loadSuites()
        let overStdio = try await EndToEnd.cleanRun.value
        let host = try await ListeningHost.reference()
        defer { Task { await host.stop() } }
        let atStart = try #require(ProcessChecks.openDescriptors(of: host.pid))
        let inOrder = try await EndToEnd.run(suites, adapter: Self.network(host))
        let afterFirstRun = ProcessChecks.openDescriptors(of: host.pid)
        let reversed = suites.reversed().map { suite -> Suite in
            var copy = suite
            copy.cases.reverse()
            return copy
        }
        let inReverse = try await EndToEnd.run(reversed, adapter: Self.network(host))
        // The host keeps only its own descriptors from case to case, and across the relaunches that replace its process
        // image: it once leaked about 14 a case, until it had none left (20,000 here) and failed every case.
        for (run, count) in [("first", afterFirstRun), ("second", ProcessChecks.openDescriptors(of: host.pid))] {
            #expect(count.map { $0 <= atStart + 16 } == true, "after the \(run) run the host holds \(count.map(String.init) ?? "?") descriptors, \(atStart) at its start")
        }

        let expected = Self.verdicts(overStdio.result)
        #expect(expected.count == suites.reduce(0) { $0 + $1.cases.count } && expected.count >= 67 && expected.allSatisfy { $0.value == EndToEnd.cleanVerdict($0.key) }, "\(expected.filter { $0.value != EndToEnd.cleanVerdict($0.key) })")
        #expect(Self.verdicts(inOrder.result) == expected, "\(Self.verdicts(inOrder.result).filter { expected[$0.key] != $0.value })")
        #expect(Self.verdicts(inReverse.result) == expected, "\(Self.verdicts(inReverse.result).filter { expected[$0.key] != $0.value })")
        // The restarts really ended the host's process: the runner reconnected to its successor.
        let relaunched = inOrder.result.suites.flatMap(\.cases).filter { $0.transcript.contains { $0.contains("reconnected to the relaunched test host") } }
        #expect(relaunched.count >= 40, "only \(relaunched.count) case(s) saw the host relaunch")
    }

    /// The order comparison above can fail: a host whose `reset` leaves the previous case's state behind gives
    /// other verdicts than a fresh process per case.
    @Test func aHostThatDoesNotReallyResetIsCaughtByTheVerdicts() async throws {
        let suites = try EndToEnd.loadSuites(suiteIDs: ["enrollment", "deregister-with-wipe"])
        let host = try await ListeningHost.reference()
        defer { Task { await host.stop() } }
        let polluted = try await EndToEnd.run(suites, adapter: SkipReset(inner: Self.network(host)))
        let wrong = Self.verdicts(polluted.result).filter { $0.value != "passed" }
        #expect(wrong.count >= 3, "only \(wrong.count) case(s) noticed the leftovers: \(wrong)")
    }

    /// `exec` keeps the calling thread's signal mask; a relaunched host must still stop on SIGTERM and Ctrl-C.
    @Test func aRelaunchedHostStillStopsOnSIGTERM() async throws {
        let host = try await ListeningHost.reference()
        let suites = try EndToEnd.loadSuites(suiteIDs: ["first-policy-application"], caseIDs: ["targeted-account-enrolls-and-app-restarts-itself"])
        let run = try await EndToEnd.run(suites, adapter: Self.network(host))
        #expect(run.result.suites.flatMap(\.cases).first?.transcript.contains { $0.contains("reconnected to the relaunched test host") } == true)
        host.kill(SIGTERM)
        let stopped = await host.waitForExit(within: 10)
        if !stopped { await host.stop() }
        #expect(stopped, "the relaunched host ignored SIGTERM")
    }

    /// A device ends the app's process for an update as for a restart (UPG-01): the runner sends the unanswered
    /// `app.update` again as `app.launch`, which the updated app answers, instead of updating it once more.
    @Test func anUpdateThatEndsTheHostsProcessIsAnsweredByTheUpdatedApp() async throws {
        let host = try await ListeningHost.reference()
        defer { Task { await host.stop() } }
        let suites = try EndToEnd.loadSuites(suiteIDs: ["app-lifecycle"], caseIDs: ["update-in-place-keeps-enrollment-policy-and-data"])
        let run = try await EndToEnd.run(suites, adapter: Self.network(host))
        let updated = try #require(run.result.suites.flatMap(\.cases).first)
        #expect(updated.outcome.label == "passed", "\(updated.transcript)")
        #expect(updated.transcript.contains { $0.contains("sending app.launch") && $0.contains("again to the relaunched test host") },
                "\(updated.transcript)")
    }

    @Test func nothingListeningIsExitTwoNamingTheAddress() async throws {
        // A port held bound but not listening for the whole run: connecting is refused, and no other test's server can
        // take it meanwhile (a port released before the run could be).
        let held = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(held >= 0)
        defer { close(held) }
        let port = try #require(RawHost.bindLoopback(held, port: 0))
        let report = NSTemporaryDirectory() + "mamconf-tcp-\(UUID().uuidString).xml"
        defer { try? FileManager.default.removeItem(atPath: report) }
        let (status, output) = try await runCommand([InterruptionTests.mamconf, "run", "--adapter", "tcp://127.0.0.1:\(port)",
                                                     "--suite", "enrollment", "--junit", report])
        #expect(status == 2, "\(output)")
        #expect(output.contains("no adapter at 127.0.0.1:\(port): connection refused"), "\(output)")
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.contains("AdapterUnusable"))
    }

    /// (arguments, what the one-line cause says): usage problems of the network transport, all exit 2.
    static let usageCases: [([String], String)] = [
        (["run", "--adapter", "tcp://127.0.0.1"], "is not tcp://HOST:PORT"),
        (["run", "--adapter", "tcp://127.0.0.1:99999"], "is not tcp://HOST:PORT"),
        (["run", "--adapter", "tcp://127.0.0.1:8765", "--connect-timeout", "0"], "--connect-timeout must be a positive number"),
        (["mutants", "--adapter", "tcp://127.0.0.1:8765"], "needs the adapter's local command line"),
        (["list", "--requirements", "--adapter", "tcp://127.0.0.1:8765"], "needs the adapter's local command line"),
    ]

    @Test(arguments: usageCases)
    func networkUsageProblemsAreExitTwoWithTheCause(arguments: [String], saying words: String) async throws {
        let (status, output) = try await runCommand([InterruptionTests.mamconf] + arguments)
        #expect(status == 2, "\(output)")
        #expect(output.contains(words), "\(output)")
    }

    /// (token the runner gives, exit status, what the output says)
    static let tokenCases: [(String?, Int32, String)] = [
        (nil, 2, "needs a token"),
        ("not-the-token", 2, "refused the token"),
        ("opal-7741-lantern", 0, "passed"),
    ]

    @Test(arguments: tokenCases)
    func aHostWithATokenServesOnlyARunnerThatPresentsIt(given: String?, status expected: Int32, saying words: String) async throws {
        let secret = "opal-7741-lantern"
        var environment = ProcessInfo.processInfo.environment
        environment[HelloParams.tokenVariable] = secret
        let host = try await ListeningHost.reference(environment: environment)
        defer { Task { await host.stop() } }
        let report = NSTemporaryDirectory() + "mamconf-tcp-\(UUID().uuidString).xml"
        defer { try? FileManager.default.removeItem(atPath: report) }
        let (status, output) = try await runCommand([InterruptionTests.mamconf, "run", "--adapter", host.address,
                                                     "--case", "enrollment/one-status-callback-per-request", "--junit", report]
                                                    + (given.map { ["--adapter-token", $0] } ?? []))
        #expect(status == expected, "\(output)")
        #expect(output.contains(words), "\(output)")
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(!xml.contains(secret) && !output.contains(secret) && !host.stderr.joined().contains(secret))
    }

    @Test func aHostThatCannotResetCannotServeCases() async throws {
        let host = try await ListeningHost.reference(["--disable-capability", "reset"])
        defer { Task { await host.stop() } }
        let suites = try EndToEnd.loadSuites(suiteIDs: ["enrollment"])
        let run = try await EndToEnd.run(suites, adapter: Self.network(host))
        let abort = try #require(run.result.abortReason)
        #expect(abort.contains("does not declare the reset capability"), "\(abort)")
        #expect(run.result.suites.flatMap(\.cases).allSatisfy { $0.outcome.isFailure })
    }

    @Test func aSecondRunnerIsRefusedAsBusyWhileTheFirstIsConnected() async throws {
        let host = try await ListeningHost.reference()
        defer { Task { await host.stop() } }
        let factory = Self.network(host)
        let first = try await factory.start(dataDirectory: "", handler: SilentHandler())
        do {
            _ = try await factory.start(dataDirectory: "", handler: SilentHandler())
            Issue.record("a second runner was served while the first was connected")
        } catch {
            #expect(error.description.contains("busy: another runner is connected"), "\(error)")
        }
        _ = await first.terminate(grace: .seconds(2))
        // Once the session ended, the next runner is served.
        let next = try await factory.start(dataDirectory: "", handler: SilentHandler())
        _ = await next.terminate(grace: .seconds(2))
    }

    @Test func killingTheHostMidCaseErrorsThatCaseAndTheRunStopsAfterTheRestartBudget() async throws {
        let host = try await ListeningHost.reference()
        defer { Task { await host.stop() } }
        let suites = try EndToEnd.loadSuites(suiteIDs: ["enrollment"])
        let killer = KillOnRequest(method: .appSignIn, host: host, replacement: nil)
        let run = try await EndToEnd.run(suites, adapter: killer.wrapping(Self.network(host)))
        let cases = run.result.suites.flatMap(\.cases)
        let first = try #require(cases.first)
        guard case .errored(let error, _) = first.outcome else {
            Issue.record("the case whose host was killed is \(first.outcome.label), not an error")
            return
        }
        #expect(error.kind == "IntegrationError")
        #expect(error.description.contains("connection lost") && error.description.contains("without announcing a relaunch"), "\(error)")
        #expect(cases.dropFirst().allSatisfy { $0.outcome.isFailure })
        #expect(run.result.abortReason?.contains("can no longer be started or reached") == true, "\(run.result.abortReason ?? "no abort")")
    }

    @Test func afterTheHostIsKilledAndStartedAgainTheNextCaseReconnects() async throws {
        let host = try await ListeningHost.reference()
        defer { Task { await host.stop() } }
        let suites = try EndToEnd.loadSuites(suiteIDs: ["enrollment"])
        let killer = KillOnRequest(method: .appSignIn, host: host, replacement: host.port)
        let run = try await EndToEnd.run(suites, adapter: killer.wrapping(Self.network(host)))
        defer { Task { await killer.replacementHost?.stop() } }
        let cases = run.result.suites.flatMap(\.cases)
        #expect(cases.first?.outcome.isFailure == true)
        #expect(cases.dropFirst().allSatisfy { $0.outcome.label == "passed" },
                "\(cases.filter { $0.outcome.label != "passed" }.map { "\($0.caseId): \($0.outcome)\n\($0.transcript.suffix(40).joined(separator: "\n"))" })")
        #expect(run.result.abortReason == nil)
    }

    @Test func aHostThatAnnouncesARelaunchAndNeverReturnsFailsTheCaseAtTheRelaunchDeadline() async throws {
        let server = try AdapterServer(listening: ListenConfiguration(port: 0), diagnostics: { _ in })
        let port = try #require(server.boundPort)
        let serving = Thread { server.run(handler: VanishingHost()) }
        serving.start()
        let factory = NetworkAdapterFactory(address: AdapterAddress(host: "127.0.0.1", port: port),
                                            deadlines: .init(connect: .seconds(5), handshake: .seconds(5), relaunch: .milliseconds(500)))
        let session = try await factory.start(dataDirectory: "", handler: SilentHandler())
        _ = try await session.request(RunnerMethod.reset.rawValue, params: [:], timeout: .seconds(5))
        do {
            _ = try await session.request(RunnerMethod.appRestart.rawValue, params: [:], timeout: .seconds(20))
            Issue.record("app.restart was answered by a host that never came back")
        } catch {
            #expect(error.description.contains("announced a relaunch (runner) but did not accept a connection within 0.5 s"), "\(error)")
        }
        _ = await session.terminate(grace: .seconds(1))
    }

    /// A case ends (a deadline, an interruption: `terminate` with no grace) while its host relaunches, and the
    /// relaunched host answers `hello` just then. The runner must not keep that new connection: read for ever by
    /// nobody, it would hold the host's session, and the next case would find the host busy.
    @Test func aSessionEndedWhileItsHostRelaunchesLetsGoOfTheRelaunchedHost() async throws {
        let server = try AdapterServer(listening: ListenConfiguration(port: 0), diagnostics: { _ in })
        let port = try #require(server.boundPort)
        let stopped = DispatchSemaphore(value: 0)
        Thread { server.run(handler: VanishingHost()); stopped.signal() }.start()
        let factory = NetworkAdapterFactory(address: AdapterAddress(host: "127.0.0.1", port: port),
                                            deadlines: .init(connect: .seconds(5), handshake: .seconds(5), relaunch: .seconds(30)))
        let session = try await factory.start(dataDirectory: "", handler: SilentHandler())
        _ = try await session.request(RunnerMethod.reset.rawValue, params: [:], timeout: .seconds(5))
        let restart = Task { try? await session.request(RunnerMethod.appRestart.rawValue, params: [:], timeout: .seconds(30)) }
        #expect(await offPool { stopped.wait(timeout: .now() + 10) } == .success, "the host did not relaunch")

        // The relaunched host: it takes the runner's connection and its hello, and answers once the case is ending.
        let relaunched = try RawHost(port: port)
        defer { relaunched.close() }
        let connection = try #require(await offPool { relaunched.acceptHello(within: 10) }, "the runner did not reconnect")
        defer { _ = Glibc.close(connection) }
        let ending = Task { await session.terminate(grace: .zero) }
        let hello = #"{"jsonrpc":"2.0","id":"hello","result":{}}"# + "\n"
        #expect(hello.withCString { send(connection, $0, strlen($0), Int32(MSG_NOSIGNAL)) } == hello.utf8.count)

        #expect(await offPool { AdapterServerNetworkTests.closedByTheHost(connection, within: 10) },
                "the runner kept the relaunched host's connection after its session ended")
        _ = await ending.value
        // The restart's request is not waited for: ending a session does not answer what it left pending, and the
        // request gives up at its own deadline.
        _ = restart
    }

    @Test func adapterCheckPassesOverTCP() async throws {
        let host = try await ListeningHost.reference()
        defer { Task { await host.stop() } }
        let (status, output) = try await runCommand([InterruptionTests.mamconf, "adapter-check", "--adapter", host.address,
                                                     "--fixtures-dir", Repository.fixtures])
        #expect(status == 0, "\(output)")
        #expect(output.contains("PASS  reset") && output.contains("the test host ended the session"), "\(output)")
    }
}

/// Takes in whatever the integration says, answering no question.
final class SilentHandler: InboundHandler {
    func notification(method: String, params: JSONValue) {}
    func question(method: String, params: JSONValue) -> Result<JSONValue, RPCError> { .failure(RPCError(.noScriptedAnswer, "silent")) }
    func diagnostic(_ line: String) {}
    func fault(_ fault: AdapterFault) {}
}

/// Answers `reset` itself, so the host keeps the previous case's state (a broken reset).
struct SkipReset: SDKAdapterFactory {
    let inner: any SDKAdapterFactory
    var description: String { inner.description }
    var isolation: AdapterIsolation { inner.isolation }
    func start(dataDirectory: String, handler: any InboundHandler) async throws(AdapterFault) -> any SDKAdapterSession {
        Session(inner: try await inner.start(dataDirectory: dataDirectory, handler: handler))
    }

    struct Session: SDKAdapterSession {
        let inner: any SDKAdapterSession
        func request(_ method: String, params: JSONValue, timeout: Duration) async throws(AdapterFault) -> JSONValue {
            if method == RunnerMethod.reset.rawValue { return [:] }
            return try await inner.request(method, params: params, timeout: timeout)
        }
        func terminate(grace: Duration) async -> AdapterTermination { await inner.terminate(grace: grace) }
    }
}

/// A test host that relaunches on `app.restart` and never listens again.
final class VanishingHost: AdapterHandler {
    func handle(_ method: String, params: JSONValue, server: AdapterServer) throws(RPCError) -> JSONValue {
        switch RunnerMethod(rawValue: method) {
        case .initialize?:
            return JSONValue(encoding: InitializeResult(
                protocolVersion: "1", implementation: NameAndVersion(name: "vanishing", version: "1"),
                sdk: NameAndVersion(name: "none", version: "21.7.1"), capabilities: [Capability.reset.rawValue, Capability.appRestart.rawValue]))
        case .reset?, .sync?, .shutdown?:
            return [:]
        case .appRestart?:
            server.relaunch(reason: .runner)
            return [:]
        default:
            throw RPCError(.methodNotFound, "unknown method \(method)")
        }
    }
}

/// Kills the listening host (SIGKILL, as a crash would) just before the first request of one method is sent,
/// and optionally starts a new host on the same port, as a device's supervisor would.
final class KillOnRequest: Sendable {
    let method: RunnerMethod
    let host: ListeningHost
    let replacement: UInt16?
    private let state = Mutex<(fired: Bool, started: ListeningHost?)>((false, nil))

    init(method: RunnerMethod, host: ListeningHost, replacement: UInt16?) {
        self.method = method
        self.host = host
        self.replacement = replacement
    }

    var replacementHost: ListeningHost? { state.withLock { $0.started } }

    func wrapping(_ factory: any SDKAdapterFactory) -> any SDKAdapterFactory { Factory(inner: factory, killer: self) }

    /// Kills the host the first time; returns once it is gone (and its successor listens).
    func maybeKill(before method: String) async {
        guard method == self.method.rawValue, state.withLock({ s in defer { s.fired = true }; return !s.fired }) else { return }
        host.kill()
        await host.waitForExit(within: 10)
        if let port = replacement, let next = try? await ListeningHost.reference(port: port) {
            state.withLock { $0.started = next }
        }
    }

    struct Factory: SDKAdapterFactory {
        let inner: any SDKAdapterFactory
        let killer: KillOnRequest
        var description: String { inner.description }
        var isolation: AdapterIsolation { inner.isolation }
        func start(dataDirectory: String, handler: any InboundHandler) async throws(AdapterFault) -> any SDKAdapterSession {
            Session(inner: try await inner.start(dataDirectory: dataDirectory, handler: handler), killer: killer)
        }
    }

    struct Session: SDKAdapterSession {
        let inner: any SDKAdapterSession
        let killer: KillOnRequest
        func request(_ method: String, params: JSONValue, timeout: Duration) async throws(AdapterFault) -> JSONValue {
            await killer.maybeKill(before: method)
            return try await inner.request(method, params: params, timeout: timeout)
        }
        func terminate(grace: Duration) async -> AdapterTermination { await inner.terminate(grace: grace) }
    }
}

/// A relaunched host that is only a listening socket: the test decides when (and whether) `hello` is answered.
final class RawHost: Sendable {
    private let fd: Int32

    init(port: UInt16) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard Self.bindLoopback(fd, port: port) != nil, listen(fd, 4) == 0 else {
            let code = errno
            _ = Glibc.close(fd)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EADDRINUSE)
        }
    }

    /// Blocks until a runner connects and its first line (`hello`) has arrived, for at most `seconds`; the
    /// connection, or nil.
    func acceptHello(within seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        var listening = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&listening, 1, Int32(seconds * 1000)) > 0 else { return nil }
        let connection = accept(fd, nil, nil)
        guard connection >= 0 else { return nil }
        var byte: UInt8 = 0
        while deadline.timeIntervalSinceNow > 0 {
            var ready = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, Int32(deadline.timeIntervalSinceNow * 1000) + 1) > 0 else { continue }
            let count = read(connection, &byte, 1)
            if count == 1 && byte == UInt8(ascii: "\n") { return connection }
            if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) { break }
        }
        _ = Glibc.close(connection)
        return nil
    }

    func close() { _ = Glibc.close(fd) }

    /// Binds `fd` to 127.0.0.1:`port` (0: any free port); the port it got, or nil.
    static func bindLoopback(_ fd: Int32, port: UInt16) -> UInt16? {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        return bound ? UInt16(bigEndian: address.sin_port) : nil
    }
}
