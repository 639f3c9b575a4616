import AdapterKit
import AdapterProtocol
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs blocking test code on a dedicated thread, so the Swift concurrency pool is never blocked.
func onDedicatedThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            do { continuation.resume(returning: try body()) } catch { continuation.resume(throwing: error) }
        }
        thread.start()
    }
}

struct PeerTimeout: Error, CustomStringConvertible {
    var what: String
    var description: String { "timed out waiting for \(what)" }
}

/// The runner's end of a pair of pipes connected to an `AdapterServer` that runs on its own thread.
final class AdapterKitTestPeer: @unchecked Sendable {
    let server: AdapterServer
    private let toServer: Pipe
    private let fromServer: Pipe
    private var buffer = Data()
    private let runEnded = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var writeClosed = false

    init(handler: any AdapterHandler, lineLimit: Int = AdapterServer.defaultLineLimit) {
        toServer = Pipe()
        fromServer = Pipe()
        server = AdapterServer(
            input: toServer.fileHandleForReading.fileDescriptor,
            output: fromServer.fileHandleForWriting.fileDescriptor,
            lineLimit: lineLimit,
            diagnostics: { _ in })
        let server = self.server
        let ended = runEnded
        Thread {
            server.run(handler: handler)
            ended.signal()
        }.start()
    }

    deinit {
        closeInput()
        // The server's reader thread may still be inside read(2) on these descriptors; closing them here could
        // hand their numbers to another test's pipe. Keep them open for the life of the test process.
        PipeGraveyard.keep(toServer, fromServer)
    }

    /// Sends raw bytes to the server.
    func sendRaw(_ data: Data) {
        toServer.fileHandleForWriting.write(data)
    }

    func send(_ message: Message) {
        sendRaw(message.encodedLine())
    }

    func request(_ id: Int, _ method: String, _ params: JSONValue = [:]) {
        send(.request(id: .number(id), method: method, params: params))
    }

    /// Closes the runner's side of the server's input (EOF for the server).
    func closeInput() {
        lock.lock()
        defer { lock.unlock() }
        if writeClosed { return }
        writeClosed = true
        try? toServer.fileHandleForWriting.close()
    }

    /// Waits until `run()` returned.
    func waitForRunToEnd(seconds: Double = 5) -> Bool {
        runEnded.wait(timeout: .now() + seconds) == .success
    }

    /// Reads the next line the server wrote and decodes it.
    func next(seconds: Double = 5) throws -> Message {
        let deadline = Date().addingTimeInterval(seconds)
        let fd = fromServer.fileHandleForReading.fileDescriptor
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = Data(buffer[buffer.startIndex..<newline])
                buffer = Data(buffer[(newline + 1)...])
                return try Message.decode(line: line)
            }
            let remaining = Int(deadline.timeIntervalSinceNow * 1000)
            if remaining <= 0 { throw PeerTimeout(what: "a line from the server") }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, Int32(remaining))
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, 4096) }
            if count <= 0 { throw PeerTimeout(what: "a line (server output closed)") }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }
}

/// A handler built from a closure, for tests.
final class ClosureHandler: AdapterHandler, @unchecked Sendable {
    let body: (String, JSONValue, AdapterServer) throws(RPCError) -> JSONValue
    init(_ body: @escaping (String, JSONValue, AdapterServer) throws(RPCError) -> JSONValue) { self.body = body }
    func handle(_ method: String, params: JSONValue, server: AdapterServer) throws(RPCError) -> JSONValue {
        try body(method, params, server)
    }
}

/// Holds pipes whose descriptors must stay valid until the process ends.
enum PipeGraveyard {
    private static let pipes = TestBox<[UncheckedPipe]>([])
    private struct UncheckedPipe: @unchecked Sendable { let pipe: Pipe }

    static func keep(_ list: Pipe...) {
        pipes.update { $0 += list.map(UncheckedPipe.init) }
    }
}
