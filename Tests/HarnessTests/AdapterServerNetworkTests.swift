#if canImport(Glibc)
import Glibc
#endif
import AdapterKit
import AdapterProtocol
import ConformanceCore
import Foundation
import Synchronization
import Testing
@testable import AdapterTransports

/// AdapterKit's network side, as a vendor's test host uses it: nothing reaches the app before `hello`, events
/// sent while no runner is connected wait for the next one, and `shutdown` ends only the session.
@Suite struct AdapterServerNetworkTests {
    /// Records what the handler was asked; answers `initialize`-free basics.
    final class RecordingHost: AdapterHandler {
        let asked = Mutex<[String]>([])
        func handle(_ method: String, params: JSONValue, server: AdapterServer) throws(RPCError) -> JSONValue {
            asked.withLock { $0.append(method) }
            return [:]
        }
    }

    /// Collects the events a runner receives.
    final class Events: InboundHandler {
        let received = Mutex<[String]>([])
        func notification(method: String, params: JSONValue) {
            received.withLock { $0.append(params["message"]?.stringValue ?? method) }
        }
        func question(method: String, params: JSONValue) -> Result<JSONValue, RPCError> { .failure(RPCError(.noScriptedAnswer, "none")) }
        func diagnostic(_ line: String) {}
        func fault(_ fault: AdapterFault) {}
    }

    /// The hello deadline is generous unless a test is about it: on a loaded machine a runner's hello can take seconds
    /// to be sent and read, and a host that closed the connection then would fail a test about something else.
    static func serve(_ handler: any AdapterHandler, token: String? = nil, helloDeadline: Duration = .seconds(120), waitingLimit: Int = 8) throws -> (AdapterServer, UInt16) {
        let server = try AdapterServer(
            listening: ListenConfiguration(port: 0, token: token, helloDeadline: helloDeadline, waitingLimit: waitingLimit), diagnostics: { _ in })
        let port = try #require(server.boundPort)
        let thread = Thread { server.run(handler: handler) }
        thread.start()
        return (server, port)
    }

    /// Sends raw lines and reads raw answers, as a runner that skips `hello` would.
    static func exchange(port: UInt16, lines: [String], answers: Int) throws -> [JSONValue] {
        let fd = try SocketConnector.connect(to: AdapterAddress(host: "127.0.0.1", port: port), deadline: Date().addingTimeInterval(5))
        defer { close(fd) }
        let writer = DescriptorWriter(fd: fd, stall: .seconds(5), isSocket: true)
        for line in lines { #expect(writer.write(Data((line + "\n").utf8)) == .written) }
        var splitter = LineSplitter(limit: 1 << 20)
        var out: [JSONValue] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(5)
        while out.count < answers, Date() < deadline {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 5000) > 0 else { break }
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && errno == EAGAIN { continue }
            if count <= 0 { break }
            for case .line(let line) in splitter.feed(Data(buffer[0..<count])) {
                if let value = try? JSONValue.parse(line) { out.append(value) }
            }
        }
        return out
    }

    @Test func requestsBeforeHelloAreRefusedAndNeverReachTheApp() throws {
        let host = RecordingHost()
        let (server, port) = try Self.serve(host)
        defer { server.stop() }
        let answers = try Self.exchange(port: port, lines: [
            #"{"jsonrpc":"2.0","id":1,"method":"app.launch","params":{}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"reset","params":{}}"#,
        ], answers: 2)
        #expect(answers.map { $0["error"]?["code"]?.intValue } == [ErrorCode.unauthorized.rawValue, ErrorCode.unauthorized.rawValue])
        #expect(host.asked.withLock { $0 }.isEmpty)
    }

    @Test func aWrongTokenIsRefusedAndTheConnectionClosed() throws {
        let host = RecordingHost()
        let (server, port) = try Self.serve(host, token: "amber-204")
        defer { server.stop() }
        let answers = try Self.exchange(port: port, lines: [
            #"{"jsonrpc":"2.0","id":"hello","method":"hello","params":{"protocolVersion":"1","token":"amber-205"}}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"app.launch","params":{}}"#,
        ], answers: 2)
        #expect(answers.count == 1, "the connection should close after the refusal: \(answers)")
        #expect(answers.first?["error"]?["code"]?.intValue == ErrorCode.unauthorized.rawValue)
        #expect(host.asked.withLock { $0 }.isEmpty)
    }

    /// (connections that never say hello, the host's token): none of them may keep the runner out.
    static let idleCases: [(Int, String?)] = [(1, nil), (1, "amber-204"), (12, "amber-204")]

    @Test(arguments: idleCases)
    func connectionsThatNeverSayHelloDoNotTakeTheSession(idle: Int, token: String?) async throws {
        let (server, port) = try Self.serve(RecordingHost(), token: token)
        defer { server.stop() }
        let address = AdapterAddress(host: "127.0.0.1", port: port)
        let idlers = try (0..<idle).map { _ in try SocketConnector.connect(to: address, deadline: Date().addingTimeInterval(5)) }
        defer { idlers.forEach { close($0) } }
        let session = try await NetworkAdapterFactory(address: address, token: token).start(dataDirectory: "", handler: Events())
        _ = try await session.request(RunnerMethod.sync.rawValue, params: [:], timeout: .seconds(5))
        let ending = await session.terminate(grace: .seconds(2))
        #expect(ending.exitDescription.contains("session ended by the test host"))
    }

    /// Waits (at most `seconds`) for the host to close `fd`; true when it did.
    static func closedByTheHost(_ fd: Int32, within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 256)
        while deadline.timeIntervalSinceNow > 0 {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, Int32(deadline.timeIntervalSinceNow * 1000) + 1) > 0 else { continue }
            let count = read(fd, &buffer, buffer.count)
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { return true }
        }
        return false
    }

    @Test func aConnectionThatSaysNothingIsClosedAtTheHelloDeadline() throws {
        let (server, port) = try Self.serve(RecordingHost(), helloDeadline: .milliseconds(300))
        defer { server.stop() }
        let fd = try SocketConnector.connect(to: AdapterAddress(host: "127.0.0.1", port: port), deadline: Date().addingTimeInterval(5))
        defer { close(fd) }
        let opened = Date()
        #expect(Self.closedByTheHost(fd, within: 5))
        #expect(Date().timeIntervalSince(opened) >= 0.25, "closed before its hello deadline")
    }

    @Test func atTheBoundTheConnectionWaitingLongestMakesRoom() throws {
        let (server, port) = try Self.serve(RecordingHost(), waitingLimit: 2)
        defer { server.stop() }
        let address = AdapterAddress(host: "127.0.0.1", port: port)
        let oldest = try SocketConnector.connect(to: address, deadline: Date().addingTimeInterval(5))
        defer { close(oldest) }
        let next = try SocketConnector.connect(to: address, deadline: Date().addingTimeInterval(5))
        defer { close(next) }
        #expect(!Self.closedByTheHost(oldest, within: 0.2), "closed while the bound was not reached")
        let newest = try SocketConnector.connect(to: address, deadline: Date().addingTimeInterval(5))
        defer { close(newest) }
        #expect(Self.closedByTheHost(oldest, within: 3), "the oldest waiting connection was not closed to make room")
    }

    /// A test host stops again after a relaunch (or a second `stop()`), as the reference's relaunch path and test
    /// teardowns do. Its listening descriptor's number is free by then and the process's next descriptors reuse it;
    /// closing it again would shut one of them under its owner (another server's socket, an event loop's descriptor).
    @Test(arguments: [false, true])
    func stoppingAgainNeverClosesADescriptorOpenedSince(afterRelaunch: Bool) throws {
        let (server, _) = try Self.serve(RecordingHost())
        if afterRelaunch { server.relaunch(reason: .app) } else { server.stop() }
        var opened: [Int32] = []
        for _ in 0..<32 {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { break }
            opened += ends
        }
        defer { opened.forEach { close($0) } }
        server.stop()
        let closedUnderUs = opened.filter { fcntl($0, F_GETFD) == -1 }
        #expect(closedUnderUs.isEmpty, "descriptors \(closedUnderUs) were closed by the second stop")
    }

    @Test func eventsSentWhileNoRunnerIsConnectedArriveAfterHelloInOrder() async throws {
        let (server, port) = try Self.serve(RecordingHost())
        defer { server.stop() }
        for message in ["one", "two", "three"] { server.log(level: .info, message: message) }
        let events = Events()
        let session = try await NetworkAdapterFactory(address: AdapterAddress(host: "127.0.0.1", port: port))
            .start(dataDirectory: "", handler: events)
        _ = try await session.request(RunnerMethod.sync.rawValue, params: [:], timeout: .seconds(5))
        #expect(events.received.withLock { $0 } == ["one", "two", "three"])
        // Sent while connected, an event goes straight to this runner.
        server.log(level: .info, message: "four")
        _ = try await session.request(RunnerMethod.sync.rawValue, params: [:], timeout: .seconds(5))
        #expect(events.received.withLock { $0 }.last == "four")
        let ending = await session.terminate(grace: .seconds(2))
        #expect(ending.exitDescription.contains("session ended by the test host"))
    }

    /// A host relaunches while the runner is still sending (a 1 MiB request crossing the app's restart): the runner
    /// must read the announcement and then an orderly end of input. A host that closed with the runner's bytes unread
    /// would reset the connection, which can discard the announcement, and the runner would report a crash.
    @Test func aRelaunchWhileTheRunnerIsStillSendingIsAnnouncedAndEndsInAnOrderlyClose() throws {
        let (server, port) = try Self.serve(RecordingHost())
        defer { server.stop() }
        let fd = try SocketConnector.connect(to: AdapterAddress(host: "127.0.0.1", port: port), deadline: Date().addingTimeInterval(5))
        let writer = DescriptorWriter(fd: fd, stall: .seconds(10), isSocket: true)
        #expect(writer.write(Data((#"{"jsonrpc":"2.0","id":"hello","method":"hello","params":{"protocolVersion":"1"}}"# + "\n").utf8)) == .written)
        var splitter = LineSplitter(limit: 1 << 20)
        var buffer = [UInt8](repeating: 0, count: 65536)
        // The host's events reach this runner once it has answered hello and attached the connection (an event sent
        // before is queued and delivered then): this one tells the test both have happened.
        server.log(level: .info, message: "attached")
        var attached = false
        while !attached {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 10_000) > 0 else { break }
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && (errno == EAGAIN || errno == EINTR) { continue }
            if count <= 0 { break }
            for case .line(let line) in splitter.feed(Data(buffer[0..<count])) where (try? JSONValue.parse(line))?["params"]?["message"] == "attached" {
                attached = true
            }
        }
        try #require(attached, "the host did not attach the runner's connection")

        // Blank lines (which a host skips without answering) until told to stop: the host always has input unread.
        let sending = Mutex((stop: false, failed: false))
        let flowing = DispatchSemaphore(value: 0), senderDone = DispatchSemaphore(value: 0)
        let blank = Data(String(repeating: " ", count: 16_383).utf8 + [0x0A])
        Thread {
            defer { senderDone.signal() }
            var sent = 0
            while !sending.withLock({ $0.stop }) {
                guard writer.write(blank) == .written else { sending.withLock { $0.failed = true }; flowing.signal(); return }
                sent += 1
                if sent == 64 { flowing.signal() }
            }
        }.start()
        let relaunched = DispatchSemaphore(value: 0)
        Thread {
            // Once the runner's bytes are flowing (1 MiB sent), and while they still are.
            _ = flowing.wait(timeout: .now() + 10)
            server.relaunch(reason: .app)
            relaunched.signal()
        }.start()

        var methods: [String] = []
        var ending = "nothing within 10 s"
        let deadline = Date().addingTimeInterval(10)
        reading: while Date() < deadline {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 1000) > 0 else { continue }
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && (errno == EAGAIN || errno == EINTR) { continue }
            if count < 0 { ending = "error \(String(cString: strerror(errno)))"; break reading }
            if count == 0 { ending = "end of input"; break reading }
            for case .line(let line) in splitter.feed(Data(buffer[0..<count])) {
                if let method = (try? JSONValue.parse(line))?["method"]?.stringValue { methods.append(method) }
            }
        }
        #expect(methods.contains(EventMethod.hostRelaunching.rawValue), "the announcement was lost: \(methods)")
        #expect(ending == "end of input", "the host did not close in order: \(ending)")
        sending.withLock { $0.stop = true }
        let senderEnded = senderDone.wait(timeout: .now() + 10) == .success
        #expect(senderEnded, "the sender is still blocked writing to the host")
        if !senderEnded {
            // The descriptor is closed below only once nothing writes to it: its number may be reused at once.
            _ = shutdown(fd, Int32(SHUT_RDWR))
            senderDone.wait()
        }
        // Until the runner closes, the host still reads (and drops) what it sends: 4 MiB more, beyond any socket
        // buffer, go through. A host that had closed its end would refuse them.
        let more = (0..<256).allSatisfy { _ in writer.write(blank) == .written }
        #expect(!sending.withLock { $0.failed } && more, "the host stopped reading before the runner closed")
        close(fd)  // the runner closes its end: the host's relaunch goes on
        #expect(relaunched.wait(timeout: .now() + 10) == .success, "relaunch did not return after the runner closed")
    }
}
