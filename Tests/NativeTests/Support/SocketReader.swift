import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads HTTP/1.1 requests (Content-Length bodies only, which is all libcurl sends for our requests)
/// from a connected socket, keeping leftover bytes for the next request on the same connection.
struct SocketReader {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(fd: Int32) {
        self.fd = fd
    }

    /// The next request, or nil at end of stream, on a socket error, or on a malformed request.
    mutating func readRequest(onExpectContinue: () -> Bool) -> TestRequest? {
        let separator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while true {
            headEnd = Self.find(separator, in: buffer)
            if headEnd != nil { break }
            guard fill() else { return nil }
        }
        guard let headEnd else { return nil }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + separator.count)

        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3 else { return nil }
        var request = TestRequest(method: String(requestLine[0]), target: String(requestLine[1]), headers: [], body: Data())
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            request.headers.append((String(line[..<colon]), value))
        }
        let length = Int(request.header("Content-Length") ?? "0") ?? -1
        guard length >= 0 else { return nil }
        if length > 0, request.header("Expect")?.lowercased() == "100-continue" {
            guard onExpectContinue() else { return nil }
        }
        while buffer.count < length {
            guard fill() else { return nil }
        }
        request.body = Data(buffer[..<length])
        buffer.removeFirst(length)
        return request
    }

    /// Reads until the peer closes the connection (or it is shut down). Used by the silent server.
    mutating func drainUntilClosed() {
        while fill() { buffer.removeAll(keepingCapacity: true) }
    }

    /// One blocking `recv`; false at end of stream or on error.
    private mutating func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
                return true
            }
            if count < 0, errno == EINTR { continue }
            return false
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
