import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for client tests: POSIX sockets, one thread for `accept` and one
/// per connection, keep-alive, and a count of accepted connections.
///
/// Nothing here waits on a clock: `stop()` wakes the blocked `accept` and `recv` calls with `shutdown(2)`
/// and then waits (with a deadline) for the threads to report that they have finished.
///
/// Behaviours:
/// - `.echo`: answers every request with its body echoed back, the method and target in `X-Echo-Method`
///   and `X-Echo-Target`, every request header as `X-Echo-Req-<lower-cased name>`, two `X-Multi`
///   headers, and `X-Connection-Request: n` (the request's ordinal on its connection). A target of
///   `/status/NNN` answers with status NNN.
/// - `.silent`: accepts, reads whatever arrives, and never answers; each connection thread ends when the
///   client closes the connection.
/// - `.flood(declaredLength:)`: answers the first request with 200 and a body that does not end: `Content-Length`
///   `declaredLength` and that many bytes, or, with nil, chunks until the client closes the connection.
final class TestHTTPServer: Sendable {
    enum Behavior: Sendable {
        case echo
        case silent
        case flood(declaredLength: Int?)
    }

    private struct State {
        var accepted = 0
        var requests = 0
        var open: Set<Int32> = []
        var stopping = false
        var stopped = false
    }

    let port: Int
    let behavior: Behavior
    private let listenFD: Int32
    private let state = Locked(State())
    private let connections = DispatchGroup()
    private let acceptLoopFinished = DispatchSemaphore(value: 0)
    private let acceptSignal = DispatchSemaphore(value: 0)

    /// Binds 127.0.0.1 on a free port and starts accepting.
    static func start(_ behavior: Behavior = .echo) throws -> TestHTTPServer {
        let (fd, port) = try Self.bindLoopback()
        guard listen(fd, 64) == 0 else {
            let error = TestServerError.posix("listen", errno)
            close(fd)
            throw error
        }
        let server = TestHTTPServer(listenFD: fd, port: port, behavior: behavior)
        let thread = Thread { server.acceptLoop() }
        thread.name = "TestHTTPServer.accept"
        thread.start()
        return server
    }

    private init(listenFD: Int32, port: Int, behavior: Behavior) {
        self.listenFD = listenFD
        self.port = port
        self.behavior = behavior
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// TCP connections accepted so far.
    var acceptedConnections: Int { state.withLock { $0.accepted } }

    /// Requests answered (echo) so far.
    var requestsServed: Int { state.withLock { $0.requests } }

    /// Blocks until `count` connections have been accepted in total, or the deadline passes.
    /// Consumes the accept signals, so call it once per server.
    func waitForAcceptedConnections(_ count: Int, timeout: DispatchTimeInterval = .seconds(10)) -> Bool {
        let deadline = DispatchTime.now() + timeout
        for _ in 0..<count where acceptSignal.wait(timeout: deadline) == .timedOut {
            return false
        }
        return true
    }

    /// Waits until every connection accepted so far has been closed by its client.
    func waitUntilAllConnectionsClosed(timeout: DispatchTimeInterval = .seconds(10)) -> Bool {
        connections.wait(timeout: .now() + timeout) == .success
    }

    /// Stops accepting, shuts down open connections and waits for every server thread to end.
    /// Returns false if a thread did not finish before the deadline. Safe to call twice.
    @discardableResult
    func stop(timeout: DispatchTimeInterval = .seconds(10)) -> Bool {
        let first = state.withLock { state -> Bool in
            guard !state.stopping else { return false }
            state.stopping = true
            // Under the lock, so a connection thread cannot close (and the kernel reuse) an fd meanwhile.
            for fd in state.open { shutdown(fd, Int32(SHUT_RDWR)) }
            return true
        }
        guard first else { return state.withLock { $0.stopped } }
        shutdown(listenFD, Int32(SHUT_RDWR))
        let acceptEnded = acceptLoopFinished.wait(timeout: .now() + timeout) == .success
        if acceptEnded { close(listenFD) }
        let connectionsEnded = connections.wait(timeout: .now() + timeout) == .success
        let stopped = acceptEnded && connectionsEnded
        state.withLock { $0.stopped = stopped }
        return stopped
    }

    private func acceptLoop() {
        defer { acceptLoopFinished.signal() }
        while true {
            let client = accept(listenFD, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return // shutdown(2) by stop(), or a real error: either way we are done
            }
            let admitted = state.withLock { state -> Bool in
                guard !state.stopping else { return false }
                state.accepted += 1
                state.open.insert(client)
                return true
            }
            guard admitted else {
                close(client)
                return
            }
            acceptSignal.signal()
            connections.enter()
            let thread = Thread { [self] in
                serve(client)
                state.withLock { state in
                    state.open.remove(client)
                    close(client)
                }
                connections.leave()
            }
            thread.name = "TestHTTPServer.connection"
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        var reader = SocketReader(fd: fd)
        switch behavior {
        case .silent:
            reader.drainUntilClosed()
        case .flood(let declaredLength):
            guard reader.readRequest(onExpectContinue: { true }) != nil else { return }
            state.withLock { $0.requests += 1 }
            Self.flood(fd, declaredLength: declaredLength)
        case .echo:
            var ordinal = 0
            while let request = reader.readRequest(onExpectContinue: { Self.sendAll(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) }) {
                ordinal += 1
                state.withLock { $0.requests += 1 }
                guard Self.sendAll(fd, Self.echoResponse(to: request, ordinal: ordinal)) else { return }
                if request.header("Connection")?.lowercased() == "close" { return }
            }
        }
    }

    /// Sends a body until it is all sent or, without a length, until the client stops reading and closes.
    private static func flood(_ fd: Int32, declaredLength: Int?) {
        let framing = declaredLength.map { "Content-Length: \($0)" } ?? "Transfer-Encoding: chunked"
        guard sendAll(fd, Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\(framing)\r\n\r\n".utf8)) else { return }
        let piece = [UInt8](repeating: UInt8(ascii: "7"), count: 64 << 10)
        let chunk = Array("\(String(piece.count, radix: 16))\r\n".utf8) + piece + Array("\r\n".utf8)
        var left = declaredLength ?? Int.max
        while left > 0 {
            let part = declaredLength == nil ? chunk : Array(piece.prefix(left))
            guard sendAll(fd, part) else { return }
            if declaredLength != nil { left -= part.count }
        }
    }

    private static func echoResponse(to request: TestRequest, ordinal: Int) -> [UInt8] {
        var status = 200
        if request.target.hasPrefix("/status/"), let code = Int(request.target.dropFirst("/status/".count)) {
            status = code
        }
        var head = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status \(status)")\r\n"
        head += "Content-Length: \(request.body.count)\r\n"
        head += "Content-Type: application/octet-stream\r\n"
        head += "X-Echo-Method: \(request.method)\r\n"
        head += "X-Echo-Target: \(request.target)\r\n"
        head += "X-Connection-Request: \(ordinal)\r\n"
        head += "X-Multi: one\r\nX-Multi: two\r\n"
        for header in request.headers {
            head += "X-Echo-Req-\(header.name.lowercased()): \(header.value)\r\n"
        }
        head += "\r\n"
        return Array(head.utf8) + [UInt8](request.body)
    }

    private static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            // MSG_NOSIGNAL: a client that has gone away must not kill the test process with SIGPIPE.
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += sent
        }
        return true
    }

    /// A TCP socket bound to 127.0.0.1 on a kernel-chosen port.
    static func bindLoopback() throws -> (fd: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestServerError.posix("socket", errno) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let error = TestServerError.posix("bind", errno)
            close(fd)
            throw error
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            let error = TestServerError.posix("getsockname", errno)
            close(fd)
            throw error
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }
}

enum TestServerError: Error, CustomStringConvertible {
    case posix(String, Int32)

    var description: String {
        switch self {
        case let .posix(call, code): return "\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}
