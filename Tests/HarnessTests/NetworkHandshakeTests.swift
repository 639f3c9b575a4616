#if canImport(Glibc)
import Glibc
#endif
import AdapterProtocol
import ConformanceCore
import Foundation
import Synchronization
import Testing
@testable import AdapterKit
@testable import AdapterTransports

/// What a test host sends right after its answer to `hello` (the events it queued while no runner was connected)
/// belongs to the case: not a byte of it may be lost when the handshake hands the connection to the session.
@Suite struct NetworkHandshakeTests {
    /// Collects the events a runner receives and the faults it reports.
    final class Received: InboundHandler {
        let events = Mutex<[String]>([])
        let faults = Mutex<[String]>([])
        func notification(method: String, params: JSONValue) {
            events.withLock { $0.append(params["message"]?.stringValue ?? method) }
        }
        func question(method: String, params: JSONValue) -> Result<JSONValue, RPCError> { .failure(RPCError(.noScriptedAnswer, "none")) }
        func diagnostic(_ line: String) {}
        func fault(_ fault: AdapterFault) { faults.withLock { $0.append(fault.description) } }
    }

    /// A host that answers `hello` and sends, in the same write, the first half of an event; the second half
    /// follows only once the runner has sent its first request, so the runner has certainly read the first half
    /// during the handshake.
    @Test func aLineSplitAcrossTheHelloAnswerArrivesWhole() async throws {
        let listener = try ListeningSocket(host: "127.0.0.1", port: 0)
        let event = Message.notification(method: EventMethod.log.rawValue, params: JSONValue(encoding: LogEvent(level: .info, message: "queued before hello")))
            .encodedLine()
        let half = event.count / 2
        let host = Thread {
            guard let client = listener.accept() else { return }
            defer { _ = ListeningSocket.systemClose(client) }
            let writer = LineWriter(fd: client, isSocket: true)
            // Only a guard against a runner that never comes: generous, as the whole test run loads the machine.
            var reader = LineReader(fd: client, limit: 1 << 20, deadline: Date().addingTimeInterval(120))
            guard case .line = reader.next() else { return }
            writer.write(Message.response(id: .string("hello"), result: [:]).encodedLine() + event.prefix(half))
            guard case .line(let first) = reader.next(), case .request(let id, _, _)? = try? Message.decode(line: first) else { return }
            writer.write(Data(event.dropFirst(half)) + Message.response(id: id, result: [:]).encodedLine())
            // The session ends as a host ends it: `shutdown` answered, the connection closed.
            while case .line(let line) = reader.next() {
                if case .request(let id, RunnerMethod.shutdown.rawValue, _)? = try? Message.decode(line: line) {
                    writer.write(Message.response(id: id, result: [:]).encodedLine())
                    return
                }
            }
        }
        host.start()
        defer { listener.close() }

        let received = Received()
        let session = try await NetworkAdapterFactory(address: AdapterAddress(host: "127.0.0.1", port: listener.port))
            .start(dataDirectory: "", handler: received)
        _ = try await session.request(RunnerMethod.sync.rawValue, params: [:], timeout: .seconds(60))
        let ending = await session.terminate(grace: .seconds(30))
        #expect(ending.exitDescription.contains("session ended by the test host"), "\(ending.exitDescription)")
        #expect(received.faults.withLock { $0 }.isEmpty, "\(received.faults.withLock { $0 })")
        #expect(received.events.withLock { $0 } == ["queued before hello"])
    }

    /// The case that showed it: a host with 190 KB of events queued sends them all right after the hello answer,
    /// more than the handshake's first read takes in.
    @Test func eventsQueuedBeforeHelloArriveWholeAndInOrderWhateverTheirSize() async throws {
        let server = try AdapterServer(listening: ListenConfiguration(port: 0), diagnostics: { _ in })
        let port = try #require(server.boundPort)
        Thread { server.run(handler: AdapterServerNetworkTests.RecordingHost()) }.start()
        defer { server.stop() }
        let messages = (0..<380).map { "event \($0) " + String(repeating: "x", count: 400 + $0 % 97) }
        for message in messages { server.log(level: .info, message: message) }

        let received = Received()
        let session = try await NetworkAdapterFactory(address: AdapterAddress(host: "127.0.0.1", port: port))
            .start(dataDirectory: "", handler: received)
        _ = try await session.request(RunnerMethod.sync.rawValue, params: [:], timeout: .seconds(60))
        _ = await session.terminate(grace: .seconds(30))
        #expect(received.faults.withLock { $0 }.isEmpty, "\(received.faults.withLock { $0 })")
        #expect(received.events.withLock { $0 } == messages)
    }
}
