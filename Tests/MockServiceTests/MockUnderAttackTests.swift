#if canImport(Glibc)
import Glibc
#endif
import AdapterProtocol
import CurlHTTP
import Foundation
import TestSupport
import Logging
import Testing

@testable import MockMAMService

/// The mock answers its clients whatever other clients do: oversized bodies and headers end their own
/// connection, idle connections are closed, the controls are locked when the mock listens beyond loopback.
@Suite(.serialized) struct MockUnderAttackTests {
    static func start(_ configuration: MockServiceConfiguration) async throws -> (MockMAMServer, URL) {
        var logger = Logger(label: "mock-attack-tests")
        logger.logLevel = .critical
        let server = MockMAMServer(configuration: configuration, logger: logger)
        return (server, try await server.start())
    }

    /// A raw TCP connection to the mock, reads bounded by a deadline (a socket option, not a sleep).
    final class RawConnection: Sendable {
        let fd: Int32
        init(port: Int, timeout: Int = 5) throws {
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
            var limit = timeval(tv_sec: timeout, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        }
        deinit { close(fd) }

        /// Sends what it can (the server may close early); false once the peer is gone.
        @discardableResult
        func send(_ bytes: [UInt8]) -> Bool {
            var offset = 0
            while offset < bytes.count {
                let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }

        /// Everything until the peer closes, or nil when the deadline passed with the connection still open.
        func readToClose() -> String? {
            var collected: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = recv(fd, &buffer, buffer.count, 0)
                if count == 0 { return String(decoding: collected, as: UTF8.self) }
                if count < 0 { return errno == ECONNRESET ? String(decoding: collected, as: UTF8.self) : nil }
                collected += buffer[0..<count]
            }
        }
    }

    @Test func anOversizedBodyIsAnswered413AndItsConnectionClosed() async throws {
        let (server, url) = try await Self.start(MockServiceConfiguration())
        defer { Task { await server.stop() } }
        // Generous deadlines: this runs beside the whole test suite on two cores.
        let connection = try RawConnection(port: url.port!, timeout: 30)
        let body = [UInt8](repeating: 0x61, count: 2 << 20)
        let head = Array("POST /_mock/tenants HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
        // Sent from a thread of its own: the mock stops reading after 1 MiB, so the send may block until it closes.
        let read = await offPool { () -> String? in
            connection.send(head)
            connection.send(body)
            return connection.readToClose()
        }
        let answer = try #require(read, "the connection stayed open after the 413")
        #expect(answer.hasPrefix("HTTP/1.1 413"), "\(answer.prefix(200))")
        await server.stop()
    }

    @Test func anOversizedHeaderEndsItsConnectionWithoutHangingTheMock() async throws {
        let (server, url) = try await Self.start(MockServiceConfiguration())
        defer { Task { await server.stop() } }
        let connection = try RawConnection(port: url.port!, timeout: 30)
        let ended = await offPool { () -> String? in
            connection.send(Array("GET /_mock/health HTTP/1.1\r\nHost: x\r\nX-Big: ".utf8))
            connection.send([UInt8](repeating: 0x62, count: 1 << 20))
            return connection.readToClose()
        }
        #expect(ended != nil, "the mock kept a connection with a 1 MiB header open")
        let health = try await HTTPClient(label: "attack").send(.json("GET", url.absoluteString + "/_mock/health"))
        #expect(health.status == 200)
        await server.stop()
    }

    @Test func idleConnectionsAreClosedAndTheMockStillAnswers() async throws {
        let (server, url) = try await Self.start(MockServiceConfiguration(idleTimeout: .seconds(1)))
        defer { Task { await server.stop() } }
        let idle = try (0..<50).map { _ in try RawConnection(port: url.port!, timeout: 30) }
        let health = try await HTTPClient(label: "attack").send(.json("GET", url.absoluteString + "/_mock/health"))
        #expect(health.status == 200, "the mock answers while 50 idle connections are open")
        let closed = await offPool { idle.map { $0.readToClose() != nil } }
        #expect(closed.allSatisfy { $0 }, "every idle connection is closed by the mock")
        await server.stop()
    }

    @Test func slowClientsDoNotStopTheOthers() async throws {
        let (server, url) = try await Self.start(MockServiceConfiguration(idleTimeout: .seconds(2)))
        defer { Task { await server.stop() } }
        let slow = try (0..<100).map { _ in try RawConnection(port: url.port!) }
        for connection in slow { connection.send(Array("GET /_mock/hea".utf8)) }
        let health = try await HTTPClient(label: "attack").send(.json("GET", url.absoluteString + "/_mock/health"))
        #expect(health.status == 200)
        await server.stop()
    }

    @Test func clientsHoldingEveryConnectionWithAnUnfinishedHeaderAreCutOff() async throws {
        // Every connection slot taken by a client that never finishes its header, idle timeout far away:
        // only the header deadline frees the slots, and the health check, waiting in the backlog, is answered.
        let (server, url) = try await Self.start(MockServiceConfiguration(idleTimeout: .seconds(60), headerTimeout: .seconds(1), maximumConnections: 10))
        defer { Task { await server.stop() } }
        let holders = try (0..<10).map { _ in try RawConnection(port: url.port!, timeout: 30) }
        for holder in holders { holder.send(Array("GET /_mock/health HTTP/1.1\r\nHost: x\r\n".utf8)) }
        let health = try await HTTPClient(label: "attack", timeouts: HTTPTimeouts(connect: .seconds(10), total: .seconds(20)))
            .send(.json("GET", url.absoluteString + "/_mock/health"))
        #expect(health.status == 200)
        let closed = await offPool { holders.map { $0.readToClose() != nil } }
        #expect(closed.allSatisfy { $0 }, "every client with an unfinished header was cut off")
        await server.stop()
    }

    /// Slowloris: three times as many slow connections as the mock holds, each started and then left hanging, with
    /// every deadline a minute away. The health check is answered at once all the same: the connection that has
    /// waited longest for its request gives up its slot.
    @Test(arguments: [
        ("trickling its head", "GET /_mock/hea"),
        ("trickling its body", "POST /_mock/tenants HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"),
        ("connected, silent", ""),
    ])
    func slowClientsHoldingEverySlotDoNotStopTheHealthCheck(_ kind: String, _ start: String) async throws {
        let limit = 16
        let (server, url) = try await Self.start(MockServiceConfiguration(idleTimeout: .seconds(60), headerTimeout: .seconds(60), maximumConnections: limit))
        defer { Task { await server.stop() } }
        var slow = try (0..<(3 * limit)).map { _ in try RawConnection(port: url.port!, timeout: 30) }
        for connection in slow where !start.isEmpty { connection.send(Array(start.utf8)) }
        let health = try await HTTPClient(label: "attack", timeouts: HTTPTimeouts(connect: .seconds(5), total: .seconds(5)))
            .send(.json("GET", url.absoluteString + "/_mock/health"))
        #expect(health.status == 200, "\(kind)")
        let first = slow[0]
        let oldest = await offPool { first.readToClose() != nil }
        #expect(oldest, "\(kind): the connection that waited longest was closed to make room")
        // Closed by the clients: a graceful stop would otherwise wait for the requests they started.
        slow.removeAll()
        await server.stop()
    }

    @Test func beyondLoopbackTheControlsNeedTheAdminToken() async throws {
        await #expect(throws: MockMAMServer.LifecycleError.self) {
            _ = try await Self.start(MockServiceConfiguration(host: "0.0.0.0"))
        }
        let (server, url) = try await Self.start(MockServiceConfiguration(host: "0.0.0.0", adminToken: "t0ken-of-the-admin"))
        defer { Task { await server.stop() } }
        let local = "http://127.0.0.1:\(url.port!)"
        let client = HTTPClient(label: "attack")
        let refused = try await client.send(.json("POST", local + "/_mock/tenants", body: Data("{}".utf8)))
        #expect(refused.status == 401)
        let wrong = try await client.send(.json("GET", local + "/_mock/health", bearer: "guess"))
        #expect(wrong.status == 401)
        let spec: JSONValue = ["bundleId": "com.example.app", "users": [["alias": "alice", "upn": "alice@contoso.example", "objectId": "7f0c1b9e-1111-4222-8333-444455556666", "password": "pw"]]]
        let created = try await client.send(.json("POST", local + "/_mock/tenants", body: spec.serialized(), bearer: "t0ken-of-the-admin"))
        #expect(created.status == 201, "\(created.text)")
        let tokenURL = try JSONValue.parse(Array(created.body))["tokenURL"]?.stringValue ?? ""
        #expect(tokenURL.hasPrefix(local), "tenant URLs use the address the client reached: \(tokenURL)")
        #expect(!tokenURL.contains("0.0.0.0"))
        await server.stop()
    }

    @Test func theMockListensOnIPv6Loopback() async throws {
        let (server, url) = try await Self.start(MockServiceConfiguration(host: "::1"))
        defer { Task { await server.stop() } }
        #expect(url.absoluteString.hasPrefix("http://[::1]:"))
        let health = try await HTTPClient(label: "attack").send(.json("GET", url.absoluteString + "/_mock/health"))
        #expect(health.status == 200)
        await server.stop()
    }
}

/// schemathesis sends thousands of generated requests, from the Graph OpenAPI subset, to the mock's Graph
/// face: none may be answered with a 5xx, and the mock must still answer afterwards.
@Suite(.serialized) struct GraphFaceFuzzTests {
    static let data: String = {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()
        url.deleteLastPathComponent()
        return url.appendingPathComponent("Data/graph").path
    }()

    @Test func schemathesisFindsNoServerErrorInTheGraphFace() async throws {
        let (server, url) = try await MockUnderAttackTests.start(MockServiceConfiguration())
        defer { Task { await server.stop() } }
        let (status, output) = try await runCommand(
            ["python3", "\(Self.data)/fuzz_graph_face.py", url.absoluteString, "\(Self.data)/graph-mam-subset.yaml", "5"])
        #expect(status == 0, "\(output.suffix(3000))")
        #expect(output.contains("schemathesis exit 0; mock health 200"), "\(output.suffix(1000))")
        #expect(output.contains("Tested: 47"), "every operation of the subset was exercised")
        await server.stop()
    }
}
