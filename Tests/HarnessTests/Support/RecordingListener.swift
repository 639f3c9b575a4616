import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A scripted HTTP/1.1 listener on a loopback address that records every request it gets: a hostile Graph or login
/// endpoint for the credential tests, and the place credentials must never reach.
///
/// One thread accepts, one thread serves each connection (one request, then `Connection: close`). `stop()` wakes the
/// blocked calls with `shutdown(2)`; nothing here waits on a clock.
final class RecordingListener: Sendable {
    /// One request as it arrived.
    struct Request: Sendable {
        let method: String
        let target: String
        let headers: [String: String]
        let body: String
    }

    /// The answer to one request: status, extra headers, JSON body.
    struct Answer: Sendable {
        var status = 200
        var headers: [String: String] = [:]
        var body = "{}"
    }

    let port: Int
    /// The base URL, with the IPv6 host in brackets.
    let baseURL: String
    private let fd: Int32
    private let answer: @Sendable (Request) -> Answer
    private let state = Mutex<(requests: [Request], open: Set<Int32>, stopping: Bool)>(([], [], false))
    private let threads = DispatchGroup()

    /// Listens on `host` (`127.0.0.1` or `::1`) on a free port, answering each request with `answer`.
    init(host: String = "127.0.0.1", answer: @escaping @Sendable (Request) -> Answer = { _ in Answer() }) throws {
        let v6 = host.contains(":")
        let fd = socket(v6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var storage = sockaddr_storage()
        var length: socklen_t
        if v6 {
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            withUnsafeMutableBytes(of: &storage) { raw in
                let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self)
                address.pointee.sin6_family = sa_family_t(AF_INET6)
                _ = inet_pton(AF_INET6, host, &address.pointee.sin6_addr)
            }
        } else {
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
            withUnsafeMutableBytes(of: &storage) { raw in
                let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self)
                address.pointee.sin_family = sa_family_t(AF_INET)
                address.pointee.sin_addr.s_addr = inet_addr(host)
            }
        }
        let bound = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound, listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        let port = withUnsafeBytes(of: &storage) { raw in
            v6 ? raw.load(as: sockaddr_in6.self).sin6_port : raw.load(as: sockaddr_in.self).sin_port
        }
        self.fd = fd
        self.port = Int(UInt16(bigEndian: port))
        self.baseURL = v6 ? "http://[\(host)]:\(self.port)" : "http://\(host):\(self.port)"
        self.answer = answer
        threads.enter()
        Thread { [self] in
            acceptLoop()
            threads.leave()
        }.start()
    }

    /// Every request received so far.
    var requests: [Request] { state.withLock { $0.requests } }

    /// Stops accepting, ends open connections and waits (with a deadline) for every thread. Only the first call
    /// closes the listening descriptor; later ones only wait.
    @discardableResult
    func stop() -> Bool {
        let first = state.withLock { state -> Bool in
            // Under the lock: a connection's thread closes its descriptor only after taking it out of `open`, so
            // every number still here is that connection's, not one the process has since opened elsewhere.
            for connection in state.open { shutdown(connection, Int32(SHUT_RDWR)) }
            defer { state.stopping = true }
            return !state.stopping
        }
        guard first else { return threads.wait(timeout: .now() + 10) == .success }
        shutdown(fd, Int32(SHUT_RDWR))
        let ended = threads.wait(timeout: .now() + 10) == .success
        if ended { close(fd) }
        return ended
    }

    private func acceptLoop() {
        while true {
            let client = accept(fd, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            let admitted = state.withLock { state -> Bool in
                guard !state.stopping else { return false }
                state.open.insert(client)
                return true
            }
            guard admitted else {
                close(client)
                return
            }
            threads.enter()
            Thread { [self] in
                serve(client)
                state.withLock { _ = $0.open.remove(client) }
                close(client)
                threads.leave()
            }.start()
        }
    }

    private func serve(_ client: Int32) {
        guard let request = Self.read(client) else { return }
        state.withLock { $0.requests.append(request) }
        let reply = answer(request)
        var head = "HTTP/1.1 \(reply.status) Scripted\r\nContent-Type: application/json\r\nContent-Length: \(reply.body.utf8.count)\r\nConnection: close\r\n"
        for (name, value) in reply.headers { head += "\(name): \(value)\r\n" }
        let bytes = Array((head + "\r\n" + reply.body).utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return }
            offset += sent
        }
    }

    /// One request with a Content-Length body (all libcurl sends here), or nil when the client went away.
    private static func read(_ client: Int32) -> Request? {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        func fill() -> Bool {
            let count = recv(client, &chunk, chunk.count, 0)
            guard count > 0 else { return false }
            buffer += chunk[0..<count]
            return true
        }
        let separator = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            headEnd = buffer.count < 4 ? nil : (0...(buffer.count - 4)).first { Array(buffer[$0..<($0 + 4)]) == separator }
            if headEnd == nil, !fill() { return nil }
        }
        let lines = String(decoding: buffer[..<headEnd!], as: UTF8.self).components(separatedBy: "\r\n")
        let start = lines[0].split(separator: " ")
        guard start.count == 3 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while buffer.count < headEnd! + 4 + length {
            guard fill() else { return nil }
        }
        let body = String(decoding: buffer[(headEnd! + 4)..<(headEnd! + 4 + length)], as: UTF8.self)
        return Request(method: String(start[0]), target: String(start[1]), headers: headers, body: body)
    }
}
